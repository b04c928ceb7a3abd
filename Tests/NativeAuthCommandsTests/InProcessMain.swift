import ArgumentParser
import Foundation
@testable import NativeAuthCommands

/// `nativeauth`'s `main()` (``NativeAuthTool``) in this process: the same steps, in a
/// ``CommandEnvironment`` of the test's, returning the exit status instead of ending the process.
/// The command runs through its `run(in:)`; what ArgumentParser's `exit(withError:)` prints for
/// a parse error, help or `--version` is printed where it prints it (standard output for help,
/// standard error else), and the status is the one ``ProcessEnd`` ends the process with.
enum InProcessMain {
    static func run(_ arguments: [String], in environment: CommandEnvironment) async -> Int32 {
        if NativeAuthCommand.reportUnknownCommand(in: arguments, on: environment.console) {
            return CLIExit.usage.rawValue
        }
        do {
            var command = try await NativeAuthCommand.asyncParseAsRoot(arguments)
            if let command = command as? any EnvironmentCommand {
                try await command.run(in: environment)
            } else if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
            return CLIExit.success.rawValue
        } catch {
            let code = NativeAuthCommand.exitCode(for: error)
            let message = NativeAuthCommand.fullMessage(for: error)
            if !message.isEmpty {
                let write = code == .success ? environment.writeOutput : environment.writeError
                write(Data((message + "\n").utf8))
            }
            return CLIExit.status(of: code)
        }
    }
}
