#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import PostgresNIO

extension PostgresClient.Configuration {
    /// A configuration from a database URL, `postgres://user[:password]@host[:port]/database`, as
    /// libpq and most tools take it (an IPv6 host in brackets: `[::1]`). `?sslmode=disable` (the
    /// usual on loopback) turns TLS off; `require`, `verify-ca` and `verify-full` make it required,
    /// with the server's certificate verified; `allow`, `prefer` or no `sslmode` prefer it. Any
    /// other `sslmode` is refused, as libpq refuses it: a misspelt `verify_full` must not quietly
    /// fall back to a connection that may go unencrypted. (The rule is `PostgresSSLMode`'s, which the
    /// emulator's `--database` shares.)
    ///
    /// - Throws: ``PostgresStoreError`` when the URL is not one, or its `sslmode` is not one of libpq's
    ///   (the error never repeats the URL, which may hold a password).
    public init(databaseURL text: String) throws(PostgresStoreError) {
        guard let components = URLComponents(string: text), ["postgres", "postgresql"].contains(components.scheme ?? ""),
              var host = components.host, !host.isEmpty
        else { throw PostgresStoreError(.configuration, "The database URL is not postgres://user@host[:port]/database.") }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard let mode = PostgresSSLMode(sslmode: PostgresSSLMode.value(in: components)) else {
            throw PostgresStoreError(.configuration, PostgresSSLMode.refusal)
        }
        let tls: TLS = switch mode {
        case .disable: .disable
        case .require: .require(.makeClientConfiguration())
        case .prefer: .prefer(.makeClientConfiguration())
        }
        self.init(host: host, port: components.port ?? 5432, username: components.user ?? "postgres",
                  password: components.password, database: database.isEmpty ? nil : database, tls: tls)
    }
}
