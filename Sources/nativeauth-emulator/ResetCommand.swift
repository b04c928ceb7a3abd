import ArgumentParser
import Foundation
import NativeAuthEmulator
import NativeAuthEmulatorInterface

/// `nativeauth-emulator reset` (what `nativeauth emulator reset` runs): puts the emulator's state
/// back to its seeded users, for the embedded emulator's state folder, a `--state-dir DIR`'s, or a
/// `--database`'s.
struct ResetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset", abstract: EmulatorHelp.resetAbstract, discussion: EmulatorHelp.resetDiscussion)

    @OptionGroup var state: EmulatorStateOptions

    func run() throws {
        let configuration = ProgramSettings.stateConfiguration(state)
        do {
            try Emulator.resetState(configuration)
        } catch {
            ProgramOutput.fail("The emulator's state in \(configuration.stateLocation) could not be reset: \(error)")
        }
        ProgramOutput.result("Reset the emulator's state in \(configuration.stateLocation): the demo users are back "
            + "(bob@example.com's password is Passw0rd!), with no sign-ins, codes or refresh tokens.")
    }
}
