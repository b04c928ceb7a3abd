import ArgumentParser
import Foundation
import NativeAuthEmulator
import NativeAuthEmulatorInterface

/// `nativeauth-emulator reset` (what `nativeauth emulator reset` runs): puts the emulator's state
/// back to its seeded users, for the embedded emulator's state folder or a `--state-dir DIR`'s.
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: EmulatorHelp.resetAbstract, discussion: EmulatorHelp.resetDiscussion)

    @OptionGroup var state: EmulatorStateOptions

    func run() throws {
        var configuration = EmulatorConfiguration()
        let folder = ProgramSettings.stateDirectory(state.stateDirectory)
        configuration.stateDirectory = folder
        configuration.seedFile = state.seed.map { URL(fileURLWithPath: $0) }
        do {
            try Emulator.resetState(configuration)
        } catch {
            ProgramOutput.fail("The emulator's state in \(folder.path) could not be reset: \(error)")
        }
        ProgramOutput.result("Reset the emulator's state in \(folder.path): the demo users are back "
            + "(bob@example.com's password is Passw0rd!), with no sign-ins, codes or refresh tokens.")
    }
}
