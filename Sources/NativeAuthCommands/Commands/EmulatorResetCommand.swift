import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthEmulator

/// `nativeauth emulator reset`: puts the emulator's state back to its seeded users, for the embedded
/// emulator's state folder or a `nativeauth emulator --state-dir DIR`'s.
struct EmulatorResetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Put the emulator's demo users back (bob@example.com's password is Passw0rd! again).",
        discussion: """
            Restores the seeded state in the emulator's state folder (the embedded emulator's, \
            $NATIVEAUTH_EMULATOR_STATE_DIR, or --state-dir): the demo users and those of --seed, with \
            their passwords; users signed up since are gone, and no flow, code or refresh token is \
            left (accounts signed in there must sign in again). The tenant ID and signing key stay. \
            A `nativeauth emulator` running on the folder sees the change. No admin token is needed: \
            the folder is yours.

            EXAMPLES:
              nativeauth emulator reset
              nativeauth emulator reset --state-dir ./emulator-state --seed users.json
            """)

    @OptionGroup var state: EmulatorStateOptions

    func run() async throws {
        try await CommandRunner.run(verbose: false) { () throws(CLIFailure) in
            var configuration = EmulatorConfiguration()
            let folder = state.stateDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? EmulatorSettings.stateDirectory
            configuration.stateDirectory = folder
            configuration.seedFile = state.seed.map { URL(fileURLWithPath: $0) }
            do {
                try Emulator.resetState(configuration)
            } catch {
                throw CLIFailure(.failure, "The emulator's state in \(folder.path) could not be reset: \(error)")
            }
            Console.result("Reset the emulator's state in \(folder.path): the demo users are back "
                + "(bob@example.com's password is Passw0rd!), with no sign-ins, codes or refresh tokens.")
        }
    }
}
