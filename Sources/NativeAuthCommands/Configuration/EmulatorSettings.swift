#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthEmulatorInterface
import NativeAuthShared

/// Settings of the embedded emulator.
enum EmulatorSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessEnvironment.value("NATIVEAUTH_EMULATOR_FIXED_CODE")
    }

    /// The emulator's state folder for this command's environment: `NATIVEAUTH_EMULATOR_STATE_DIR`,
    /// else `$XDG_STATE_HOME/nativeauth/emulator`, else `~/.local/state/nativeauth/emulator`
    /// (`StateDirectories.emulator`, which `nativeauth-emulator` uses too).
    static var stateDirectory: URL {
        StateDirectories.emulator(environment: ProcessEnvironment.variables)
    }

    /// Shows a code "sent by email" on the terminal. It is called from the thread that reads the
    /// emulator's messages, so it writes to the standard error of the command that started the emulator.
    static var printCode: @Sendable (EmbeddedCode) -> Void {
        let environment = CommandEnvironment.current
        return { sent in
            CommandEnvironment.$current.withValue(environment) {
                Console.info(TerminalText.sanitized(sent.announcement))
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
