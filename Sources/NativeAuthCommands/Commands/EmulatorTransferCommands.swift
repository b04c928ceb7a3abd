import ArgumentParser
import NativeAuthEmulatorInterface

/// `nativeauth emulator export FILE`: a tenant's users and policies to a file (run by
/// `nativeauth-emulator export`).
struct EmulatorExportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: EmulatorHelp.exportAbstract, discussion: EmulatorHelp.exportDiscussion)

    @OptionGroup var options: EmulatorTransferOptions

    func run(in environment: CommandEnvironment) async throws(ExitCode) {
        try await EmulatorHandOver.run(["export"] + options.arguments, in: environment)
    }
}

/// `nativeauth emulator import FILE`: a tenant made to hold an export (run by `nativeauth-emulator import`).
struct EmulatorImportCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: EmulatorHelp.importAbstract, discussion: EmulatorHelp.importDiscussion)

    @OptionGroup var options: EmulatorTransferOptions

    func run(in environment: CommandEnvironment) async throws(ExitCode) {
        try await EmulatorHandOver.run(["import"] + options.arguments, in: environment)
    }
}
