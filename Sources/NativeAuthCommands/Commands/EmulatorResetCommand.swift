import ArgumentParser
import NativeAuthEmulatorInterface

/// `nativeauth emulator reset`: puts the emulator's state back to its seeded users, for the embedded
/// emulator's state folder or a `nativeauth emulator --state-dir DIR`'s (run by `nativeauth-emulator reset`).
struct EmulatorResetCommand: EnvironmentCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: EmulatorHelp.resetAbstract, discussion: EmulatorHelp.resetDiscussion)

    @OptionGroup var state: EmulatorStateOptions

    func run(in environment: CommandEnvironment) async throws(ExitCode) {
        try await EmulatorHandOver.run(["reset"] + state.arguments, in: environment)
    }
}
