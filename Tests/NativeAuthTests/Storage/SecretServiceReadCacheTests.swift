#if os(Linux)
import Foundation
import Glibc
import NativeAuthTestSupport
import Testing

@testable import NativeAuth

/// The copies of keyring secrets kept in the kernel's user keyring: how long one lives and for what.
@Suite("SecretServiceReadCache", .enabled(if: KernelKeyringProbe.enabled, "the kernel refuses keys here (keyctl)"))
struct SecretServiceReadCacheTests {
    @Test func aCopyLivesWhileItsTokensAreWorthServingAndOnlyForItsItem() throws {
        let cache = SecretServiceReadCache(application: "nativeauth-test", directory: temporaryFolder())
        let now = wholeSecond()
        let account = liveAccount(1, expiresIn: 3_600, now: now)
        defer { cache.forget(account) }
        cache.keep(account, path: path1, now: now)
        let copy = try #require(cache.copy(of: account, path: path1, now: now))
        #expect(copy.account == account)
        #expect(copy.madeAt == UInt64(now.timeIntervalSince1970.rounded(.down)))
        #expect(cache.copy(of: account, path: path2, now: now) == nil, "made from another item")
        #expect(cache.copy(of: account, path: path1, now: now + 599) != nil)
        #expect(cache.copy(of: account, path: path1, now: now + 601) == nil, "ten minutes at most")
        #expect(cache.copy(of: account, path: path1, now: now) == nil, "a copy found past its end is removed")
        #expect(cache.copy(of: liveAccount(2, expiresIn: 3_600, now: now), path: path1, now: now) == nil, "another account")

        // Tokens that have less than five minutes left after a while: the copy lives only that while.
        let short = liveAccount(1, expiresIn: 400, now: now)
        cache.keep(short, path: path1, now: now)
        #expect(cache.copy(of: account, path: path1, now: now + 99)?.account == short)
        #expect(cache.copy(of: account, path: path1, now: now + 101) == nil)
        // Tokens not worth serving: no copy, and the older one is gone.
        cache.keep(liveAccount(1, expiresIn: 300, now: now), path: path1, now: now)
        #expect(cache.copy(of: account, path: path1, now: now) == nil)

        cache.keep(account, path: path1, now: now)
        cache.forget(account)
        #expect(cache.copy(of: account, path: path1, now: now) == nil)
    }

    @Test func storesInOtherFoldersOrOfOtherApplicationsHaveCopiesOfTheirOwn() throws {
        let folder = temporaryFolder()
        let now = wholeSecond()
        let account = liveAccount(1, expiresIn: 3_600, now: now)
        let cache = SecretServiceReadCache(application: "nativeauth-test", directory: folder)
        defer { cache.forget(account) }
        cache.keep(account, path: path1, now: now)
        #expect(SecretServiceReadCache(application: "nativeauth-test", directory: folder).copy(of: account, path: path1, now: now) != nil)
        #expect(SecretServiceReadCache(application: "other", directory: folder).copy(of: account, path: path1, now: now) == nil)
        #expect(SecretServiceReadCache(application: "nativeauth-test", directory: temporaryFolder()).copy(of: account, path: path1, now: now) == nil)
    }
}

/// ``SecretServiceTokenStore``'s reads through the copies, against the real GNOME Keyring of its other
/// tests: in their suite, so that no test runs while another locks or restarts the keyring.
extension SecretServiceTokenStoreTests {
    @Test(.enabled(if: KernelKeyringProbe.enabled, "the kernel refuses keys here (keyctl)"))
    func aReadOfAnAccountReadBeforeAsksTheKeyringOnceAndGetsNoSecretOverTheBus() throws {
        let keyring = try SharedSecretService.fixture()
        try withLiveStore { store, _ in
            let account = liveAccount(1, expiresIn: 3_600)
            try store.modify { $0.upsert(account) }
            waitForTheNextSecond()
            let first = try keyring.keyringCalls { try store.read() }
            #expect(first.result == TokenStoreContents(accounts: [account]))
            #expect(first.methods.contains("GetSecrets"), "the first read takes the secret from the keyring: \(first.methods)")
            let second = try keyring.keyringCalls { try store.read() }
            #expect(second.result == TokenStoreContents(accounts: [account]))
            #expect(second.methods == ["GetAll"], "one call, for the item's state")

            // Two accounts: one call for each item.
            try store.modify { $0.upsert(liveAccount(2, expiresIn: 3_600)) }
            waitForTheNextSecond()
            _ = try store.read()
            let both = try keyring.keyringCalls { try store.read() }
            #expect(both.result.storedAccounts.count == 2)
            #expect(both.methods == ["GetAll", "GetAll"])
        }
    }

    @Test(.enabled(if: KernelKeyringProbe.enabled, "the kernel refuses keys here (keyctl)"))
    func aChangeMadeOutsideNativeAuthIsNeverHiddenByACopy() throws {
        let keyring = try SharedSecretService.fixture()
        try withCopiedAccount { store, _, _ in
            try replaceSecretOfAccount1(in: keyring, application: store.application, with: "not json")
            let error = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(error.reason == .corrupt)
        }
        try withCopiedAccount { store, _, _ in
            #expect(try keyring.run("secret-tool", ["clear", "application", store.application]).status == 0)
            let error = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(error.reason == .corrupt, "the item is gone")
        }
    }

    @Test(.enabled(if: KernelKeyringProbe.enabled, "the kernel refuses keys here (keyctl)"))
    func aLockedKeyringIsAnErrorAndTheCopyIsRemoved() throws {
        let keyring = try SharedSecretService.fixture()
        try withCopiedAccount { store, account, path in
            try keyring.lock()
            defer {
                // Unlocked again the way the fixture unlocks: a restart with the password.
                keyring.stopKeyring()
                try? keyring.startKeyring()
            }
            let locked = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(locked.reason == .unavailable)
            #expect(locked.message.contains("locked"))
            #expect(store.readCache.copy(of: account, path: path, now: Date()) == nil)
        }
    }

    @Test(.enabled(if: KernelKeyringProbe.enabled, "the kernel refuses keys here (keyctl)"))
    func writesRemoveTheCopiesOfWhatTheyChange() throws {
        _ = try SharedSecretService.fixture()
        try withCopiedAccount { store, account, path in
            var changed = account
            changed.refreshToken = "refresh-token-changed"
            try store.modify { $0.upsert(changed) }
            #expect(store.readCache.copy(of: account, path: path, now: Date()) == nil)
            #expect(try store.read().storedAccounts == [changed])
            _ = try store.modify { $0.removeAccount(clientId: "client-1", authority: authority, identifier: "uid-1.utid") }
            #expect(store.readCache.copy(of: account, path: path, now: Date()) == nil)
            #expect(try store.read() == TokenStoreContents())
        }
    }
}

// MARK: - Helpers

/// Whether this kernel keeps keys for this process (a container's seccomp filter may refuse them).
enum KernelKeyringProbe {
    /// Whether the tests of the copies run: where keys work, and always under CI (`CI` set), where
    /// they then fail rather than skip.
    static var enabled: Bool { works || ProcessInfo.processInfo.environment["CI"] != nil }

    static let works: Bool = {
        let name = "nativeauth-test:probe:\(UUID().uuidString)"
        defer { KernelKeyring.remove(named: name) }
        return KernelKeyring.keep(Array("probe".utf8), named: name, seconds: 10) && KernelKeyring.value(named: name) == Array("probe".utf8)
    }()
}

private let authority = StoredAccountFixture.authority
private let path1 = "/org/freedesktop/secrets/collection/login/1"
private let path2 = "/org/freedesktop/secrets/collection/login/2"

/// Account `index` with an access token that expires `seconds` after `now` (in whole seconds, as the
/// store keeps times).
private func liveAccount(_ index: Int, expiresIn seconds: TimeInterval, now: Date = wholeSecond()) -> StoredAccount {
    var account = StoredAccountFixture.account(index)
    account.accessTokens[0].expiresOn = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + seconds).rounded(.down))
    return account
}

/// Now, without its fraction of a second.
private func wholeSecond() -> Date {
    Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
}

/// Waits until the clock's second changes: a copy is trusted only for an item changed in a second
/// before the copy was made.
private func waitForTheNextSecond() {
    let second = Date().timeIntervalSince1970.rounded(.down)
    while Date().timeIntervalSince1970.rounded(.down) == second { usleep(10_000) }
}

private func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
}

/// Runs `body` with a store holding account 1 (access token good for an hour), read once a second
/// after it was written, so its copy is kept and may be used; with the account and its item's path.
private func withCopiedAccount(_ body: (SecretServiceTokenStore, StoredAccount, String) throws -> Void) throws {
    try withLiveStore { store, _ in
        let account = liveAccount(1, expiresIn: 3_600)
        try store.modify { $0.upsert(account) }
        waitForTheNextSecond()
        _ = try store.read()
        let path = try #require(SecretServiceItemPaths.load(from: store.directory).path(of: account))
        #expect(store.readCache.copy(of: account, path: path, now: Date()) != nil, "the read kept a copy")
        try body(store, account, path)
    }
}

private func withLiveStore<T>(_ body: (SecretServiceTokenStore, URL) throws -> T) throws -> T {
    let directory = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SecretServiceTokenStore(application: "nativeauth-test-\(UUID().uuidString.prefix(8))", directory: directory)
    defer { for account in (try? store.accountList.read().storedAccounts) ?? [] { store.readCache.forget(account) } }
    return try body(store, directory)
}
#endif
