import Foundation
import NativeAuthEmulator

/// The settings `nativeauth-emulator` reads from its environment.
enum ProgramSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_FIXED_CODE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--state-dir` when given, else `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default
    /// state folder (`$XDG_STATE_HOME/nativeauth/emulator`, else `~/.local/state/nativeauth/emulator`:
    /// the embedded emulator's, beside the token store's default folder).
    static func stateDirectory(_ option: String?) -> URL {
        if let option { return URL(fileURLWithPath: option, isDirectory: true) }
        if let path = ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_STATE_DIR"], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return EmulatorConfiguration.defaultStateDirectory
    }
}
