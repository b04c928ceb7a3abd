#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where `nativeauth` keeps its state when nothing says otherwise: the token store's file and the
/// emulator's state, each decided here once for the library, `nativeauth` and `nativeauth-emulator`.
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment
/// StateDirectories.nativeauth(environment: environment)   // ~/.local/state/nativeauth
/// StateDirectories.emulator(environment: environment)     // ~/.local/state/nativeauth/emulator
/// ```
package enum StateDirectories {
    /// The variable that moves the emulator's state folder.
    package static let emulatorVariable = "NATIVEAUTH_EMULATOR_STATE_DIR"

    /// `$XDG_STATE_HOME/nativeauth`, else `$HOME/.local/state/nativeauth`, else that folder under
    /// `homeDirectory` (the account's home). The XDG Base Directory specification says a relative
    /// `XDG_STATE_HOME` is invalid and must be ignored, and so it is.
    package static func nativeauth(environment: [String: String],
                                   homeDirectory: @autoclosure () -> String = FileManager.default.homeDirectoryForCurrentUser.path) -> URL {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("nativeauth", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".local/state/nativeauth", isDirectory: true)
    }

    /// The emulator's default state folder: ``nativeauth(environment:homeDirectory:)``/`emulator`,
    /// beside the token store's default folder.
    package static func emulatorDefault(environment: [String: String],
                                        homeDirectory: @autoclosure () -> String = FileManager.default.homeDirectoryForCurrentUser.path) -> URL {
        nativeauth(environment: environment, homeDirectory: homeDirectory()).appendingPathComponent("emulator", isDirectory: true)
    }

    /// The emulator's state folder: `NATIVEAUTH_EMULATOR_STATE_DIR` when it is set and not empty
    /// (a relative path is taken from the current folder), else ``emulatorDefault(environment:homeDirectory:)``.
    package static func emulator(environment: [String: String],
                                 homeDirectory: @autoclosure () -> String = FileManager.default.homeDirectoryForCurrentUser.path) -> URL {
        if let path = environment[emulatorVariable], !path.isEmpty {
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        return emulatorDefault(environment: environment, homeDirectory: homeDirectory())
    }
}
