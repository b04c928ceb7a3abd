import NativeAuthPostgres
import PostgresNIO
import Testing

@Suite("PostgreSQL database URLs")
struct PostgresDatabaseURLTests {
    @Test("A password's percent-escapes are decoded; an IPv6 host loses its brackets; no database is none")
    func parts() throws {
        let configuration = try PostgresClient.Configuration(databaseURL: "postgres://app:p%40ss%3Aw%25rd@[::1]:5433/accounts")
        #expect(configuration.host == "::1")
        #expect(configuration.port == 5433)
        #expect(configuration.username == "app")
        #expect(configuration.password == "p@ss:w%rd")
        #expect(configuration.database == "accounts")
        #expect(try PostgresClient.Configuration(databaseURL: "postgresql://app@db.internal").database == nil)
    }

    @Test("Each of libpq's sslmodes is taken",
          arguments: ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"])
    func knownSSLModes(mode: String) throws {
        _ = try PostgresClient.Configuration(databaseURL: "postgres://app:secret@db.internal/app?sslmode=\(mode)")
    }

    @Test("A misspelt sslmode is refused rather than taken for prefer, without repeating the URL", arguments: ["verify_full", "requre", "REQUIRE", ""])
    func unknownSSLMode(mode: String) {
        let error = #expect(throws: PostgresStoreError.self) {
            try PostgresClient.Configuration(databaseURL: "postgres://app:secret@db.internal/app?sslmode=\(mode)")
        }
        #expect(error?.reason == .configuration)
        #expect(error.map { !$0.message.contains("secret") } == true)
    }
}
