import Foundation
import NativeAuthEmulator
import NativeAuthEmulatorInterface
import NativeAuthShared

/// The settings `nativeauth-emulator` reads from its environment.
enum ProgramSettings {
    /// `NATIVEAUTH_EMULATOR_FIXED_CODE`: for tests, every code the emulator sends is this value, which
    /// must be a code as the emulator makes them, `codeLength` ASCII digits (a client asks for that
    /// many); unset or empty: random codes.
    static func fixedCode(codeLength: Int) throws -> String? {
        guard let code = ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_FIXED_CODE"], !code.isEmpty else { return nil }
        guard code.count == codeLength, code.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw ProgramSettingsError(description: "NATIVEAUTH_EMULATOR_FIXED_CODE must be \(codeLength) digits, as the emulator's "
                + "codes are (12345678, say), not '\(code)'")
        }
        return code
    }

    /// `--database` when given, else `NATIVEAUTH_EMULATOR_DATABASE` (nil: the state folder's own database).
    static func database(_ option: String?) -> String? {
        option ?? ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_DATABASE"].flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The admin token given to serve with: the first line of `--admin-token-file`'s file when given,
    /// else `NATIVEAUTH_EMULATOR_ADMIN_TOKEN`, else nil (the state folder's lease makes or shares one).
    static func adminToken(file: String?) throws -> String? {
        if let file {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw ProgramSettingsError(description: "the admin token file \(file) could not be read")
            }
            let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count >= 16, !token.contains(where: \.isWhitespace) else {
                throw ProgramSettingsError(description: "the admin token in \(file) must have at least 16 characters and no white space")
            }
            return token
        }
        guard let token = ProcessInfo.processInfo.environment["NATIVEAUTH_EMULATOR_ADMIN_TOKEN"], !token.isEmpty else { return nil }
        guard token.count >= 16, !token.contains(where: \.isWhitespace) else {
            throw ProgramSettingsError(description: "NATIVEAUTH_EMULATOR_ADMIN_TOKEN must have at least 16 characters and no white space")
        }
        return token
    }

    /// The configuration of a command that works on the state without serving it (`reset`, `export`,
    /// `import`): its folder, database and seed file.
    static func stateConfiguration(_ options: EmulatorStateOptions) -> EmulatorConfiguration {
        var configuration = EmulatorConfiguration()
        configuration.stateDirectory = stateDirectory(options.stateDirectory)
        configuration.database = database(options.database)
        configuration.seedFile = options.seed.map { URL(fileURLWithPath: $0) }
        return configuration
    }

    /// `--state-dir` when given, else `NATIVEAUTH_EMULATOR_STATE_DIR`, else the emulator's default
    /// state folder (`StateDirectories.emulator`, the same folder the embedded emulator uses).
    static func stateDirectory(_ option: String?) -> URL {
        if let option { return URL(fileURLWithPath: option, isDirectory: true) }
        return StateDirectories.emulator(environment: ProcessInfo.processInfo.environment)
    }
}

/// A setting of `nativeauth-emulator` that cannot be used.
struct ProgramSettingsError: Error, CustomStringConvertible {
    let description: String
}
