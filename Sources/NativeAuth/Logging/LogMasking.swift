import Foundation
import Logging

/// Masks personal data before it reaches a log. Passwords, codes and tokens are never logged at all.
enum LogMasking {
    /// `alice@example.com` → `a***e@e*****e.com`; other usernames keep only their first character.
    static func username(_ username: String) -> String {
        let parts = username.split(separator: "@", maxSplits: 1)
        guard parts.count == 2 else { return maskWord(Substring(username)) }
        let domain = parts[1].split(separator: ".")
        let maskedDomain = domain.enumerated().map { index, label in
            index == domain.count - 1 && domain.count > 1 ? String(label) : maskWord(label)
        }
        return maskWord(parts[0]) + "@" + maskedDomain.joined(separator: ".")
    }

    private static func maskWord(_ word: Substring) -> String {
        guard word.count > 2 else { return String(repeating: "*", count: word.count) }
        return "\(word.first!)" + String(repeating: "*", count: word.count - 2) + "\(word.last!)"
    }

    /// A logger that discards everything: the library's default, so it stays quiet unless asked.
    static let silentLogger = Logger(label: "NativeAuth", factory: { _ in SwiftLogNoOpLogHandler() })
}
