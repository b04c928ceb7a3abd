import ArgumentParser
import NativeAuthEmulatorInterface

/// `nativeauth emulator`: runs the emulator in the foreground, printing codes as they are sent.
/// The emulator is the program `nativeauth-emulator` (kept out of `nativeauth`, which then starts
/// faster and weighs less): this command checks the options and hands over to it.
struct EmulatorCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: EmulatorHelp.serveAbstract,
        discussion: EmulatorHelp.serveDiscussion,
        subcommands: [EmulatorResetCommand.self, EmulatorExportCommand.self, EmulatorImportCommand.self])

    @OptionGroup var options: EmulatorServeOptions

    func run(in environment: CommandEnvironment) async throws(ExitCode) {
        try await EmulatorHandOver.run(["serve"] + options.arguments, in: environment)
    }
}

/// Runs `nativeauth-emulator` with a command's arguments and ends with its exit status.
enum EmulatorHandOver {
    static func run(_ arguments: [String], in environment: CommandEnvironment) async throws(ExitCode) {
        let status: Int32
        do {
            status = try await environment.emulatorProgram.run(arguments, in: environment)
        } catch {
            environment.console.report(CLIFailure(.failure, "The emulator could not be run: \(error.description)."), verbose: false)
            throw CLIExit.failure.exitCode
        }
        if status != 0 { throw ExitCode(status) }
    }
}
