#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthEmulatorInterface
import NativeAuthShared

/// Settings of the embedded emulator, from a command's environment.
enum EmulatorSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static func fixedCode(in environment: CommandEnvironment) -> String? {
        environment.variable("NATIVEAUTH_EMULATOR_FIXED_CODE")
    }

    /// The emulator's state folder: `NATIVEAUTH_EMULATOR_STATE_DIR`, else
    /// `$XDG_STATE_HOME/nativeauth/emulator`, else `~/.local/state/nativeauth/emulator`
    /// (`StateDirectories.emulator`, which `nativeauth-emulator` uses too).
    static func stateDirectory(in environment: CommandEnvironment) -> URL {
        StateDirectories.emulator(environment: environment.variables)
    }

    /// The line `signin`, `signup` and `reset-password` print before their first prompt when they use
    /// the embedded emulator: where its state lives, that its codes show here, and how to put its
    /// demo users back.
    static func embeddedNotice(in environment: CommandEnvironment) -> String {
        "Using the embedded emulator (no --tenant, --authority or NATIVEAUTH_* set), state in \(stateDirectory(in: environment).path); "
            + "codes are shown here. `nativeauth emulator reset` puts its demo users back."
    }

    /// The line `--verbose` adds when a command's application is built for the embedded emulator
    /// (which its first request starts): where it listens and where its state lives.
    static func verboseNotice(port: Int, in environment: CommandEnvironment) -> String {
        "Using the embedded emulator on http://127.0.0.1:\(port) (state in \(stateDirectory(in: environment).path))."
    }
}
