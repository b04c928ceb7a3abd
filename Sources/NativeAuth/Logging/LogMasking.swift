#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import Logging

/// Masks personal data before it reaches a log. Passwords, codes and tokens are never logged at all.
enum LogMasking {
    /// `alice@example.com` → `a***e@e*****e.com`, as the service masks a code's target (`EmailMasking`).
    static func username(_ username: String) -> String {
        EmailMasking.mask(username)
    }

    /// A logger that discards everything: the library's default, so it stays quiet unless asked.
    static let silentLogger = Logger(label: "NativeAuth", factory: { _ in SwiftLogNoOpLogHandler() })
}
