#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PostgresNIO

extension PostgresClient.Configuration {
    /// A configuration from a database URL, `postgres://user[:password]@host[:port]/database`, as
    /// libpq and most tools take it (an IPv6 host in brackets: `[::1]`); `?sslmode=disable` (the usual on loopback) turns TLS off,
    /// `require` makes it required, anything else prefers it.
    ///
    /// - Throws: ``PostgresStoreError`` when the URL is not one.
    public init(databaseURL text: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              var host = components.host, !host.isEmpty
        else { throw PostgresStoreError(.configuration, "The database URL is not postgres://user@host[:port]/database.") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        let tls: TLS = switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value {
        case "disable": .disable
        case "require", "verify-ca", "verify-full": .require(.makeClientConfiguration())
        default: .prefer(.makeClientConfiguration())
        }
        self.init(host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
                  password: components.password, database: database.isEmpty ? nil : database, tls: tls)
    }
}
