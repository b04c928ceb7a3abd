import Foundation
import NativeAuth
import NativeAuthEmulator
import Synchronization

/// Settings shared by the embedded emulator and `nativeauth emulator`.
enum EmulatorSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessEnvironment.value("NATIVEAUTH_EMULATOR_FIXED_CODE")
    }

    /// `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default state folder
    /// (`EmulatorConfiguration.defaultStateDirectory`, `$XDG_STATE_HOME/nativeauth/emulator` else
    /// `~/.local/state/nativeauth/emulator`, beside the token store's default folder), for this
    /// command's environment.
    static var stateDirectory: URL {
        if let path = ProcessEnvironment.value("NATIVEAUTH_EMULATOR_STATE_DIR") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileTokenStore.defaultDirectory(environment: ProcessEnvironment.variables)
            .appendingPathComponent("emulator", isDirectory: true)
    }

    /// Shows a code "sent by email" on the terminal. The emulator calls it from its own tasks, so
    /// it writes to the standard error of the command that started the emulator.
    static var printCode: @Sendable (SentCode) -> Void {
        let environment = CommandEnvironment.current
        return { sent in
            CommandEnvironment.$current.withValue(environment) {
                Console.info("emulator: \(sent.isSMS ? "text message" : "email") to \(TerminalText.sanitized(sent.maskedTarget)): code \(sent.code)")
            }
        }
    }
}

/// The embedded emulator's codes on the terminal, the first one preceded by the one line that says
/// where they come from: it appears only when there is a code to show (a password sign-in or a token
/// refresh prints nothing of it).
final class CodeAnnouncement: Sendable {
    private let stateDirectory: URL
    private let announced = Mutex(false)
    /// The command's environment: the emulator calls ``show(_:)`` from its own tasks.
    private let environment = CommandEnvironment.current

    init(stateDirectory: URL) {
        self.stateDirectory = stateDirectory
    }

    func show(_ sent: SentCode) {
        let first = announced.withLock { announced in
            defer { announced = true }
            return !announced
        }
        CommandEnvironment.$current.withValue(environment) {
            if first {
                Console.info("Using the embedded emulator (no --tenant, --authority or NATIVEAUTH_* set), state in "
                    + "\(stateDirectory.path); codes are shown here.")
            }
            EmulatorSettings.printCode(sent)
        }
    }
}
