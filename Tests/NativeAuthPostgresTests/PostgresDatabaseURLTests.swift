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
}
