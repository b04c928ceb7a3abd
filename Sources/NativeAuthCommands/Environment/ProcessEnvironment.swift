import Foundation

/// The process's environment variables, read once: `ProcessInfo.processInfo.environment` builds a
/// new dictionary of every variable each time it is asked, and a command consults several (the
/// target, the CA file, the token store's folder).
enum ProcessEnvironment {
    static let variables = ProcessInfo.processInfo.environment

    /// The value of `name`, or nil when it is unset or empty (an empty variable means "not given").
    static func value(_ name: String) -> String? {
        variables[name].flatMap { $0.isEmpty ? nil : $0 }
    }
}
