#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthEmulatorInterface

/// Settings of the embedded emulator.
enum EmulatorSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessEnvironment.value("NATIVEAUTH_EMULATOR_FIXED_CODE")
    }

    /// `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default state folder
    /// (`nativeauth-emulator`'s default, `$XDG_STATE_HOME/nativeauth/emulator` else
    /// `~/.local/state/nativeauth/emulator`, beside the token store's default folder), for this
    /// command's environment.
    static var stateDirectory: URL {
        if let path = ProcessEnvironment.value("NATIVEAUTH_EMULATOR_STATE_DIR") {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return FileTokenStore.defaultDirectory(environment: ProcessEnvironment.variables)
            .appendingPathComponent("emulator", isDirectory: true)
    }

    /// Shows a code "sent by email" on the terminal. It is called from the thread that reads the
    /// emulator's messages, so it writes to the standard error of the command that started the emulator.
    static var printCode: @Sendable (EmbeddedCode) -> Void {
        let environment = CommandEnvironment.current
        return { sent in
            CommandEnvironment.$current.withValue(environment) {
                Console.info("emulator: \(sent.isSMS ? "text message" : "email") to \(TerminalText.sanitized(sent.maskedTarget)): code \(sent.code)")
            }
        }
    }
}

extension EmulatorSettings {
    /// The line `signin`, `signup` and `reset-password` print before their first prompt when they use
    /// the embedded emulator: where its state lives, that its codes show here, and how to put its
    /// demo users back.
    static var embeddedNotice: String {
        "Using the embedded emulator (no --tenant, --authority or NATIVEAUTH_* set), state in \(stateDirectory.path); "
            + "codes are shown here. `nativeauth emulator reset` puts its demo users back."
    }
}

/// The embedded emulator's codes on the terminal (the line that says where they come from was
/// printed before the first prompt: ``EmulatorSettings/embeddedNotice``).
final class CodeAnnouncement: Sendable {
    /// The command's environment: ``show(_:)`` is called from the thread that reads the emulator's messages.
    private let environment = CommandEnvironment.current

    func show(_ sent: EmbeddedCode) {
        CommandEnvironment.$current.withValue(environment) {
            EmulatorSettings.printCode(sent)
        }
    }
}
