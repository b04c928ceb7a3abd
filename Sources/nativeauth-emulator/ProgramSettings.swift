import Foundation
import NativeAuthShared

/// The settings `nativeauth-emulator` reads from its environment.
enum ProgramSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value.
    static var fixedCode: String? {
        ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_FIXED_CODE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// `--state-dir` when given, else `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default
    /// state folder (`StateDirectories.emulator`, the same folder the embedded emulator uses).
    static func stateDirectory(_ option: String?) -> URL {
        if let option { return URL(fileURLWithPath: option, isDirectory: true) }
        return StateDirectories.emulator(environment: ProcessInfo.processInfo.environment)
    }
}
