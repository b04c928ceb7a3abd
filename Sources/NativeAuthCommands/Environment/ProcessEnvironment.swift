#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The environment variables of the command that runs now (``CommandEnvironment/current``; for
/// `nativeauth`, the process's, read once: `ProcessInfo.processInfo.environment` builds a new
/// dictionary of every variable each time it is asked, and a command consults several).
enum ProcessEnvironment {
    static var variables: [String: String] { CommandEnvironment.current.variables }

    /// The value of `name`, or nil when it is unset or empty (an empty variable means "not given").
    static func value(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
