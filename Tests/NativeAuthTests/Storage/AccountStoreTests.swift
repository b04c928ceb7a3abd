import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// The accounts of a store through the library: listed, picked and removed without the store's format.
@Suite("Account store")
struct AccountStoreTests {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)

    private func stored(_ username: String, client: String, at authority: String = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com",
                        signedIn offset: TimeInterval, refreshToken: String? = "rt", idToken: String? = nil) -> StoredAccount {
        StoredAccount(
            clientId: client, authority: authority, username: username, identifier: "\(username).id", idToken: idToken,
            refreshToken: refreshToken,
            accessTokens: [StoredAccessToken(token: "at-\(username)", scopes: ["openid", "api://x/read"],
                                             expiresOn: now.addingTimeInterval(3600), requestedScopes: ["api://x/read"])],
            signedInAt: now.addingTimeInterval(offset), defaultScopes: ["api://x/read"])
    }

    private func store(_ accounts: [StoredAccount]) -> InMemoryTokenStore {
        InMemoryTokenStore(TokenStoreContents(accounts: accounts))
    }

    @Test("list() describes every account of every application, in the store's order")
    func list() throws {
        let idToken = FakeTokens.idToken(["name": "Ada Lovelace", "oid": "o", "tid": "t"])
        let accounts = NativeAuthAccountStore(store([
            stored("ada@example.com", client: "app-1", signedIn: 0, idToken: idToken),
            stored("bob@example.com", client: "app-2", at: "http://127.0.0.1:4000/emulator", signedIn: 60, refreshToken: nil),
        ]))
        let listed = try accounts.list()
        #expect(listed.map(\.username) == ["ada@example.com", "bob@example.com"])
        #expect(listed.map(\.clientId) == ["app-1", "app-2"])
        #expect(listed[1].storageAuthority == "http://127.0.0.1:4000/emulator")
        #expect(listed[0].identifier == "ada@example.com.id")
        #expect(listed[0].signedInAt == now)
        #expect(listed.map(\.hasRefreshToken) == [true, false])
        #expect(listed[0].accessTokens == [NativeAuthCachedAccessToken(scopes: ["openid", "api://x/read"], expiresOn: now.addingTimeInterval(3600))])
        #expect(listed[0].account.accountClaims?["name"] as? String == "Ada Lovelace")
        #expect(listed[1].account.accountClaims == nil)
    }

    @Test("latest() picks the newest sign-in among the matching accounts")
    func latest() throws {
        let accounts = NativeAuthAccountStore(store([
            stored("ada@example.com", client: "app-1", signedIn: 0),
            stored("ada@example.com", client: "app-2", signedIn: 120),
            stored("bob@example.com", client: "app-1", signedIn: 60),
        ]))
        #expect(try accounts.latest()?.clientId == "app-2")
        #expect(try accounts.latest()?.username == "ada@example.com")
        #expect(try accounts.latest(clientId: "app-1")?.username == "bob@example.com")
        #expect(try accounts.latest(username: "ADA@example.com", clientId: "app-1")?.signedInAt == now)
        #expect(try accounts.latest(where: { !$0.storageAuthority.hasPrefix("https://") }) == nil)
        #expect(try accounts.latest(username: "carol@example.com") == nil)
    }

    @Test("remove() removes exactly the listed accounts and says how many were there")
    func remove() throws {
        let backing = store([
            stored("ada@example.com", client: "app-1", signedIn: 0),
            stored("ada@example.com", client: "app-2", signedIn: 120),
            stored("bob@example.com", client: "app-1", signedIn: 60),
        ])
        let accounts = NativeAuthAccountStore(backing)
        let ada = try #require(try accounts.latest(username: "ada@example.com", clientId: "app-1"))
        #expect(try accounts.remove([ada]) == 1)
        #expect(try accounts.list().map(\.clientId) == ["app-2", "app-1"])
        #expect(try accounts.remove([ada]) == 0, "already gone")
        #expect(try accounts.removeAccounts { $0.clientId == "app-1" } == 1)
        #expect(try accounts.list().map(\.username) == ["ada@example.com"])
        #expect(try backing.read().accounts.count == 1)
    }

    @Test("The cached access token is the one getAccessToken would use, without a request")
    func cachedToken() throws {
        let account = try #require(try NativeAuthAccountStore(store([stored("ada@example.com", client: "app-1", signedIn: 0)])).list().first)
        #expect(account.cachedAccessToken(now: now)?.accessToken == "at-ada@example.com")
        #expect(account.cachedAccessToken(scopes: ["api://x/read"], now: now)?.accessToken == "at-ada@example.com")
        #expect(account.cachedAccessToken(scopes: ["api://y/write"], now: now) == nil)
        #expect(account.cachedAccessToken(now: now.addingTimeInterval(3500)) == nil, "within five minutes of expiry")
    }

    @Test("The file's format does not change: accounts are still under \"accounts\"")
    func format() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("account-store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = try FileTokenStore(directory: directory)
        try file.modify { $0.upsert(stored("ada@example.com", client: "app-1", signedIn: 0)) }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent("tokens.json"))) as? [String: Any])
        #expect((json["accounts"] as? [[String: Any]])?.first?["username"] as? String == "ada@example.com")
        #expect(json["version"] as? Int == 1)
        #expect(try NativeAuthAccountStore(file).list().map(\.username) == ["ada@example.com"])
    }
}

/// Several accounts of one application (``NativeAuthPublicClientApplicationConfig/keepsSeveralAccounts``):
/// kept side by side, the current one the last active, `activate` picking another.
@Suite("Several accounts of one application")
struct SeveralAccountsStoreTests {
    private let now = Date(timeIntervalSince1970: 1_700_000_000)
    private let clientId = "00001111-aaaa-2222-bbbb-3333cccc4444"
    private let authority = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"

    private func stored(_ username: String, signedIn offset: TimeInterval) -> StoredAccount {
        StoredAccount(
            clientId: clientId, authority: authority, username: username, identifier: "\(username).id", idToken: nil,
            refreshToken: "rt", accessTokens: [StoredAccessToken(token: "at-\(username)", scopes: ["openid"],
                                                                 expiresOn: Date().addingTimeInterval(3600), requestedScopes: [])],
            signedInAt: now.addingTimeInterval(offset), defaultScopes: [])
    }

    private func app(_ store: InMemoryTokenStore, keepsSeveral: Bool) throws -> NativeAuthPublicClientApplication {
        let config = try NativeAuthPublicClientApplicationConfig(clientId: clientId, authority: URL(string: authority)!, challengeTypes: [.OOB])
        config.tokenStore = store
        config.keepsSeveralAccounts = keepsSeveral
        return try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
    }

    @Test("A sign-in replaces only the same account when several are kept, every one otherwise")
    func upsert() {
        var contents = TokenStoreContents(accounts: [stored("ada@example.com", signedIn: 0)])
        contents.upsert(stored("bob@example.com", signedIn: 60))
        #expect(contents.accounts.map(\.username) == ["ada@example.com", "bob@example.com"])
        contents.upsert(stored("ada@example.com", signedIn: 120))
        #expect(contents.accounts.map(\.username) == ["bob@example.com", "ada@example.com"], "the same account replaced, put last")
        contents.upsert(stored("carol@example.com", signedIn: 180), replacingOthers: true)
        #expect(contents.accounts.map(\.username) == ["carol@example.com"])
    }

    @Test("The current account is the last active; activate() makes another current; each keeps its tokens")
    func activate() async throws {
        let backing = InMemoryTokenStore(TokenStoreContents(accounts: [stored("ada@example.com", signedIn: 0), stored("bob@example.com", signedIn: 0)]))
        let application = try app(backing, keepsSeveral: true)
        #expect(try application.currentAccount()?.account.username == "bob@example.com", "same time: the later in the store")
        #expect(try application.accounts().map(\.account.username) == ["bob@example.com", "ada@example.com"])

        let store = NativeAuthAccountStore(backing)
        let ada = try #require(try store.latest(username: "ada@example.com"))
        #expect(try store.activate(ada, at: now.addingTimeInterval(30)))
        #expect(try application.currentAccount()?.account.username == "ada@example.com")
        #expect(try store.list().first { $0.username == "ada@example.com" }?.activeSince == now.addingTimeInterval(30))

        let bob = try #require(try application.accounts().first { $0.account.username == "bob@example.com" })
        let token = try await bob.getAccessToken(parameters: NativeAuthGetAccessTokenParameters())
        #expect(token.accessToken == "at-bob@example.com", "the other account's cached token, no request")
        try bob.signOutOrThrow()
        #expect(try store.list().map(\.username) == ["ada@example.com"], "sign-out removes only that account")
        #expect(try store.activate(ada) == true)
        #expect(try store.activate(NativeAuthAccountStore(InMemoryTokenStore(TokenStoreContents(accounts: [stored("x@example.com", signedIn: 0)]))).list()[0]) == false)
    }
}

/// A sign-in whose username, place and application match a stored account with another identifier
/// replaces it (issue 35, item 5): that user was deleted and made again, and two accounts with one
/// name could not be told apart.
@Suite struct SameUsernameReplacementTests {
    private func account(_ identifier: String, username: String = "alice@example.com", clientId: String = "client",
                         authority: String = StoredAccountFixture.authority) -> StoredAccount {
        var account = StoredAccountFixture.account(1)
        account.identifier = identifier
        account.username = username
        account.clientId = clientId
        account.authority = authority
        return account
    }

    @Test func anAccountOfTheSameUsernameWithAnotherIdentifierIsReplaced() {
        var contents = TokenStoreContents()
        contents.upsert(account("old.tenant"))
        contents.upsert(account("bob.tenant", username: "bob@example.com"))
        let newer = account("new.tenant", username: "Alice@Example.com")
        #expect(contents.accountsReplaced(by: newer).map(\.identifier) == ["old.tenant"])
        contents.upsert(newer)
        #expect(contents.storedAccounts.map(\.identifier).sorted() == ["bob.tenant", "new.tenant"])
    }

    @Test func otherApplicationsAndPlacesKeepTheirAccounts() {
        var contents = TokenStoreContents()
        contents.upsert(account("a.tenant", clientId: "other-client"))
        contents.upsert(account("b.tenant", authority: "https://other.ciamlogin.com/other.onmicrosoft.com"))
        let newer = account("c.tenant")
        #expect(contents.accountsReplaced(by: newer).isEmpty)
        contents.upsert(newer)
        #expect(contents.storedAccounts.count == 3)
        // The same account signing in again replaces itself only.
        contents.upsert(account("c.tenant"))
        #expect(contents.storedAccounts.count == 3)
    }
}
