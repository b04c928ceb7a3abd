import ArgumentParser
import NativeAuthEmulatorInterface

/// `nativeauth emulator`: runs the emulator in the foreground, printing codes as they are sent.
/// The emulator is the program `nativeauth-emulator` (kept out of `nativeauth`, which then starts
/// faster and weighs less): this command checks the options and hands over to it.
struct EmulatorCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "emulator",
        abstract: EmulatorHelp.serveAbstract,
        discussion: EmulatorHelp.serveDiscussion,
        subcommands: [EmulatorResetCommand.self, EmulatorExportCommand.self, EmulatorImportCommand.self])

    @OptionGroup var options: EmulatorServeOptions

    func run() async throws {
        try await EmulatorHandOver.run(["serve"] + options.arguments)
    }
}

/// Runs `nativeauth-emulator` with a command's arguments and ends with its exit status.
enum EmulatorHandOver {
    static func run(_ arguments: [String]) async throws {
        let status: Int32
        do {
            status = try await CommandEnvironment.current.emulatorProgram.run(arguments)
        } catch {
            Console.report(CLIFailure(.failure, "The emulator could not be run: \(error.description)."), verbose: false)
            throw CLIExit.failure.exitCode
        }
        if status != 0 { throw ExitCode(status) }
    }
}
