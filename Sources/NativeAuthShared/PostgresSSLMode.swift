#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// libpq's `sslmode` of a database URL (`?sslmode=…`), as `NativeAuthPostgres` and the emulator
/// take it: the one rule of which values there are and what each asks of TLS.
///
/// `disable` turns TLS off; `require`, `verify-ca` and `verify-full` require it (the server's
/// certificate verified); `allow`, `prefer` or no `sslmode` prefer it. Any other value is refused,
/// as libpq refuses it: a misspelt `verify_full` must never quietly connect unencrypted.
package enum PostgresSSLMode: Equatable, Sendable {
    case disable
    case prefer
    case require

    /// What the refusal of an unknown value says (never the URL, which may hold a password).
    package static let refusal = "The database URL's sslmode is not one of disable, allow, prefer, require, verify-ca, verify-full."

    /// The `sslmode` of a database URL's query, as libpq reads it (the last one given), or nil.
    package static func value(in url: URLComponents) -> String? {
        url.queryItems?.last(where: { $0.name == "sslmode" })?.value
    }

    /// The mode `value` asks for (nil: no `sslmode` given), or nil when libpq does not know it.
    package init?(sslmode value: String?) {
        switch value {
        case "disable": self = .disable
        case "require", "verify-ca", "verify-full": self = .require
        case nil, "allow", "prefer": self = .prefer
        default: return nil
        }
    }
}
