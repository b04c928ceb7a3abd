import Foundation
import NativeAuth
import NativeAuthTestSupport
import Synchronization
import Testing

@Suite("Partitioned token store")
struct PartitionedTokenStoreTests {
    /// A partitioned store that records which partition each call was for.
    final class RecordingStore: NativeAuthPartitionedTokenStore {
        let base = InMemoryPartitionedTokenStore()
        private let calls = Mutex<[String]>([])

        var recorded: [String] { calls.withLock { $0 } }
        func reset() { calls.withLock { $0 = [] } }

        func read(partition: String) async throws -> TokenStoreContents {
            calls.withLock { $0.append("read \(partition)") }
            return try await base.read(partition: partition)
        }

        func modify<T: Sendable>(partition: String, _ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T {
            calls.withLock { $0.append("modify \(partition)") }
            return try await base.modify(partition: partition, body)
        }

        func withRefreshLock<T: Sendable>(partition: String, _ body: @Sendable () async throws -> T) async throws -> T {
            calls.withLock { $0.append("lock \(partition)") }
            return try await base.withRefreshLock(partition: partition, body)
        }
    }

    private func signIn(_ app: NativeAuthPublicClientApplication, _ username: String) async throws -> NativeAuthUserAccountResult {
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: username)).codeRequired?.state)
        return try #require(await state.submitCode(code: "12345678").completed)
    }

    @Test("Each user's sign-in is stored in its own partition, and read back from it alone")
    func partitionsHoldTheirOwnAccounts() async throws {
        let store = RecordingStore()
        let app = try MockServer.app(MockServer.transport())
        let alice = app.partition("alice", of: store)
        let bob = app.partition("bob", of: store)
        _ = try await signIn(alice, "alice@example.com")
        _ = try await signIn(bob, "bob@example.com")
        #expect(store.recorded == ["modify alice", "modify bob"])

        #expect(try await alice.storedAccount()?.account.username == "alice@example.com")
        #expect(try await bob.storedAccount()?.account.username == "bob@example.com")
        #expect(try await app.partition("carol", of: store).storedAccount() == nil)
        #expect(try await store.read(partition: "alice").accounts.map(\.username) == ["alice@example.com"])
        #expect(try app.currentAccount() == nil, "the application's own store holds nothing")
    }

    @Test("A partition of an application that speaks V2 speaks V2: its sign-in starts at the authorization challenge")
    func partitionKeepsTheAPI() async throws {
        let fixture = try ReplayFixture("V2/HrefOtherHost")
        let alice = fixture.app.partition("alice", of: InMemoryPartitionedTokenStore())
        #expect(alice.api == .v2)
        _ = await alice.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username))
        #expect(fixture.transport.requests.map(\.url.path) == ["/contoso.onmicrosoft.com/oauth2/v2.0/authorize-challenge"])
    }

    @Test("A refresh reads, locks and writes the user's partition only")
    func refreshTouchesOnePartition() async throws {
        let store = RecordingStore()
        let app = try MockServer.app(MockServer.transport())
        let alice = try await signIn(app.partition("alice", of: store), "alice@example.com")
        _ = try await signIn(app.partition("bob", of: store), "bob@example.com")
        store.reset()

        let token = try await alice.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        #expect(token.accessToken == "fake-access-1")
        #expect(Set(store.recorded.map { String($0.split(separator: " ")[1]) }) == ["alice"])
        #expect(store.recorded.contains("lock alice") && store.recorded.contains("modify alice"))
        let stored = try await store.read(partition: "alice").accounts.first
        #expect(stored?.cachedAccessToken(now: ManualClock().now)?.accessToken == "fake-access-1")
    }

    @Test("Sign-out from a partition removes that user's account only")
    func signOutFromPartition() async throws {
        let store = InMemoryPartitionedTokenStore()
        let app = try MockServer.app(MockServer.transport())
        let alice = try await signIn(app.partition("alice", of: store), "alice@example.com")
        _ = try await signIn(app.partition("bob", of: store), "bob@example.com")
        #expect(try await alice.signOutFromStore())
        #expect(try await app.partition("alice", of: store).storedAccount() == nil)
        #expect(try await app.partition("bob", of: store).storedAccount() != nil)
        #expect(try await !alice.signOutFromStore(), "already signed out")
    }

    @Test("The synchronous account calls say to use the asynchronous ones on a partitioned store")
    func synchronousCallsThrow() async throws {
        let app = try MockServer.app(MockServer.transport()).partition("alice", of: InMemoryPartitionedTokenStore())
        let account = try await signIn(app, "alice@example.com")
        for call in [{ _ = try app.currentAccount() }, { _ = try app.accounts() }, { try account.signOutOrThrow() }] {
            let error = #expect(throws: TokenStoreError.self, performing: call)
            #expect(error?.message.contains("storedAccount()") == true)
        }
        #expect(app.getNativeAuthUserAccount() == nil)
        #expect(try await app.storedAccount() != nil, "still signed in")
    }

    @Test("A document store answers the asynchronous calls as the synchronous ones")
    func documentStoreAnswersAsynchronousCalls() async throws {
        let app = try MockServer.app(MockServer.transport())
        let account = try await signIn(app, "alice@example.com")
        #expect(try await app.storedAccount()?.account.identifier == account.account.identifier)
        #expect(try await account.signOutFromStore())
        #expect(try app.currentAccount() == nil)
    }

    @Test("The in-memory store keeps a partition's refresh lock only while it is held or awaited: one per user ever refreshed would grow without end")
    func inMemoryRefreshLocksDoNotAccumulate() async throws {
        let store = InMemoryPartitionedTokenStore()
        for index in 0..<100 {
            try await store.withRefreshLock(partition: "user-\(index)") {
                #expect(store.refreshLockCount == 1)
            }
        }
        #expect(store.refreshLockCount == 0)
    }
}
