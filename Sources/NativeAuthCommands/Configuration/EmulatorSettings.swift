import Foundation
import NativeAuthEmulator
import Synchronization

/// Settings shared by the embedded emulator and `nativeauth emulator`.
enum EmulatorSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessEnvironment.value("NATIVEAUTH_EMULATOR_FIXED_CODE")
    }

    /// `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default state folder.
    static var stateDirectory: URL {
        if let path = ProcessEnvironment.value("NATIVEAUTH_EMULATOR_STATE_DIR") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return EmulatorConfiguration.defaultStateDirectory
    }

    /// Shows a code "sent by email" on the terminal.
    static let printCode: @Sendable (SentCode) -> Void = { sent in
        Console.info("emulator: \(sent.isSMS ? "text message" : "email") to \(sent.maskedTarget): code \(sent.code)")
    }
}

/// The embedded emulator's codes on the terminal, the first one preceded by the one line that says
/// where they come from: it appears only when there is a code to show (a password sign-in or a token
/// refresh prints nothing of it).
final class CodeAnnouncement: Sendable {
    private let stateDirectory: URL
    private let announced = Mutex(false)

    init(stateDirectory: URL) {
        self.stateDirectory = stateDirectory
    }

    func show(_ sent: SentCode) {
        let first = announced.withLock { announced in
            defer { announced = true }
            return !announced
        }
        if first {
            Console.info("Using the embedded emulator (no --tenant, --authority or NATIVEAUTH_* set), state in "
                + "\(stateDirectory.path); codes are shown here.")
        }
        EmulatorSettings.printCode(sent)
    }
}
