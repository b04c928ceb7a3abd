import Foundation

/// What makes a tenant of those `POST /_emulator/tenants` adds: its subdomain (its name in the
/// database, and its authority `/{subdomain}.onmicrosoft.com`) and its application's client ID.
/// Kept as JSON in the tenant's row, so that every instance on the database can serve it.
struct TenantSettings: Codable, Sendable, Equatable {
    var subdomain: String
    var clientId: String

    /// A new tenant's settings: the subdomain as given (lower-cased), a new client ID.
    init(subdomain: String) {
        self.subdomain = subdomain.lowercased()
        self.clientId = UUID().uuidString.lowercased()
    }

    /// Whether `subdomain` can name a tenant: 1 to 63 letters, digits and hyphens (a DNS label),
    /// neither starting nor ending with a hyphen.
    static func isValid(subdomain: String) -> Bool {
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        let lowered = subdomain.lowercased()
        return (1...63).contains(lowered.count) && lowered.allSatisfy(allowed.contains)
            && lowered.first != "-" && lowered.last != "-"
    }

    /// Whether `subdomain` is shaped as a tenant ID (a GUID): paths and `?tenant=` take such a name
    /// for a tenant ID, so a subdomain of that shape would name another tenant, or none.
    static func isTenantIdShaped(subdomain: String) -> Bool {
        UUID(uuidString: subdomain) != nil
    }
}
