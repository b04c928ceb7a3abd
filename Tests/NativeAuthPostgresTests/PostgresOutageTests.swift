import Foundation
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import NativeAuthTestSupport
import Testing

@Suite("PostgreSQL stopped and started mid-run", .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"), .timeLimit(.minutes(10)))
struct PostgresOutageTests {
    @Test("While PostgreSQL is down: cached tokens are served, sign-ins and refreshes fail clearly; after: nothing lost, no refresh token spent twice")
    func outage() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let server = ServerMock()
        try await PostgresFixture.withReplica(cluster, timeout: .seconds(10)) { replica in
            let alice = try server.app().partition("alice", of: replica.store)
            let signedIn = try await ServerMock.signIn(alice, "alice@contoso.com")
            let cached = try await signedIn.getAccessToken().accessToken

            await cluster.stopServer()
            // A cached access token is served from the first level.
            let account = try #require(try await alice.storedAccount())
            #expect(try await account.getAccessToken().accessToken == cached)
            // A sign-in fails with a clear error, and so does a refresh.
            let bob = try server.app().partition("bob", of: replica.store)
            let failed = await #expect(throws: (any Error).self) { try await ServerMock.signIn(bob, "bob@contoso.com") }
            #expect((failed as? VerifyCodeError)?.code == .tokenStore)
            let refresh = await #expect(throws: RetrieveAccessTokenError.self) {
                try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
            }
            #expect(refresh?.code == .tokenStore)
            #expect(server.spentRefreshTokens.isEmpty, "no refresh token was spent while the store was down")

            try await cluster.startServer()
            for await change in replica.store.changes where change.isEmpty { break }  // listening again
            try await NativeAuthDatabase(client: replica.database.client, timeout: .seconds(120)).migrate()  // and connected
            // Nothing lost: Alice is there, her refresh token works once, and Bob can sign in now.
            let again = try #require(try await alice.storedAccount())
            #expect(try await again.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true)).accessToken == "fake-access-1")
            _ = try await ServerMock.signIn(bob, "bob@contoso.com")
            #expect(try await bob.storedAccount()?.account.username == "bob@contoso.com")
            #expect(server.spentRefreshTokens == ["fake-refresh-0"])
        }
    }
}
