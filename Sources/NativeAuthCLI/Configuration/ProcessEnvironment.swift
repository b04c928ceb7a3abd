import Foundation

/// The process's environment variables, read once: `ProcessInfo.processInfo.environment` builds a
/// new dictionary of every variable each time it is asked, and a command consults several (the
/// target, the CA file, the token store's folder).
enum ProcessEnvironment {
    static let variables = ProcessInfo.processInfo.environment
}
