#if os(Linux)
import Foundation
import Glibc
import NativeAuthTestSupport
import Synchronization
import Testing

@testable import NativeAuth

/// The keyring store against a real Secret Service: GNOME Keyring on a private session bus, started
/// once for this test process (GIO keeps one session-bus connection per process, so every test uses
/// the same bus; each test uses an application name of its own, so they do not see each other's items).
@Suite("SecretServiceTokenStore", .serialized,
       .enabled(if: SecretServiceFixture.enabled, "needs dbus-daemon, gnome-keyring, libsecret-1-0 and libsecret-tools"))
struct SecretServiceTokenStoreTests {
    @Test func accountsRoundTripThroughTheKeyringAndNoSecretIsInAnyFile() throws {
        let keyring = try SharedSecretService.fixture()
        try withStore { store, directory in
            try storeTwoAccounts(in: store)
            let expected = TokenStoreContents(accounts: [account(1), account(2)])
            #expect(try store.read() == expected)
            #expect(try SecretServiceTokenStore(application: store.application, directory: directory).read() == expected)

            let items = try keyring.search("application", store.application)
            #expect(items.contains("label = \(store.application): user1@contoso.com on contoso"))
            #expect(items.contains("label = \(store.application): user2@contoso.com on contoso"))
            #expect(items.contains("secret = {\"account\":"))
            for secret in secrets(1) + secrets(2) {
                #expect(items.contains(secret))
                #expect(filesContaining(secret, under: directory).isEmpty, "\(secret) is in a file")
            }
            // The account list still says who is signed in.
            let listed = try String(contentsOf: store.accountListURL, encoding: .utf8)
            #expect(listed.contains("user1@contoso.com"))
        }
    }

    @Test func removingAnAccountRemovesItsItemAndChangingOneReplacesIt() throws {
        let keyring = try SharedSecretService.fixture()
        try withStore { store, _ in
            try storeTwoAccounts(in: store)
            var refreshed = account(2)
            refreshed.refreshToken = "refresh-token-2-rotated"
            try store.modify { contents in
                contents.removeAccount(clientId: "client-1", authority: authority, identifier: "uid-1.utid")
                contents.upsert(refreshed)
            }
            #expect(try store.read() == TokenStoreContents(accounts: [refreshed]))
            let items = try keyring.search("application", store.application)
            #expect(!items.contains("user1@contoso.com"))
            #expect(items.components(separatedBy: "label = ").count == 2, "one item left: \(items)")
            #expect(items.contains("refresh-token-2-rotated"))
            try store.modify { $0 = TokenStoreContents() }
            #expect(try keyring.search("application", store.application).isEmpty)
            #expect(try store.read() == TokenStoreContents())
        }
    }

    @Test func aMissingItemIsAnErrorNotASignOutAndTheAccountCanStillBeRemoved() throws {
        let keyring = try SharedSecretService.fixture()
        try withStore { store, _ in
            try store.modify { $0.upsert(account(1)) }
            #expect(try keyring.run("secret-tool", ["clear", "application", store.application]).status == 0)
            let error = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(error.reason == .corrupt)
            #expect(error.message.contains("user1@contoso.com"))
            // Leaving it alone writes nothing; removing it works.
            try store.modify { _ in }
            #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(try store.modify { $0.removeAccount(clientId: "client-1", authority: authority, identifier: "uid-1.utid") })
            #expect(try store.read() == TokenStoreContents())
        }
    }

    @Test func anItemHoldingSomethingElseIsReportedAndLeftAlone() throws {
        let keyring = try SharedSecretService.fixture()
        try withStore { store, _ in
            try store.modify { $0.upsert(account(1)) }
            try replaceSecretOfAccount1(in: keyring, application: store.application, with: "not json")
            let error = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(error.reason == .corrupt)
            #expect(!error.message.contains("not json"))
            #expect(try keyring.search("application", store.application).contains("secret = not json"))
        }
    }

    @Test func theRefreshLockIsSharedByInstancesAndTheBodyMayReadAndModify() async throws {
        _ = try SharedSecretService.fixture()
        try await withStore { store, directory in
            let other = try SecretServiceTokenStore(application: store.application, directory: directory)
            let stores = [store, other]
            let counter = HolderCounter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    let store = stores[index % 2]
                    group.addTask {
                        try await store.withRefreshLock {
                            counter.enter()
                            let seen = try store.read().storedAccounts.count
                            try await Task.sleep(for: .milliseconds(2))
                            try store.modify { $0.upsert(account(seen)) }
                            counter.exit()
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(counter.overlaps == 0)
            #expect(try store.read().storedAccounts.count == 8)
        }
    }

    @Test func aReadTakesTheItemsStraightFromTheirRememberedPaths() throws {
        _ = try SharedSecretService.fixture()
        try withStore { store, directory in
            try storeTwoAccounts(in: store)
            let remembered = SecretServiceItemPaths.load(from: directory)
            let library = try SecretServiceLibrary.shared.get()
            for index in [1, 2] {
                let path = try #require(remembered.path(of: account(index)), "the sign-in remembered where the item is")
                #expect(library.isObjectPath(path) && path.hasPrefix("/org/freedesktop/secrets/"), "\(path)")
            }
            let before = library.libsecretLookups.withLock { $0[store.application] ?? 0 }
            let fresh = try SecretServiceTokenStore(application: store.application, directory: directory)
            #expect(try fresh.read() == TokenStoreContents(accounts: [account(1), account(2)]))
            #expect(library.libsecretLookups.withLock { $0[store.application] ?? 0 } == before,
                    "both items were read by their paths, none looked up through libsecret")
            let file = try String(contentsOf: directory.appendingPathComponent(SecretServiceItemPaths.fileName), encoding: .utf8)
            for secret in secrets(1) + secrets(2) { #expect(!file.contains(secret)) }
        }
    }

    @Test func aWrongOrDamagedPathIsNeverTrustedAndIsLearntAgain() throws {
        _ = try SharedSecretService.fixture()
        try withStore { store, directory in
            try storeTwoAccounts(in: store)
            let right = SecretServiceItemPaths.load(from: directory)
            // Account 1's path now names account 2's item: its secret holds another account, so it is
            // looked up by its attributes instead, and the right path is remembered again.
            var crossed = right
            crossed.set(right.path(of: account(2)), for: account(1))
            crossed.save(to: directory)
            #expect(try store.read() == TokenStoreContents(accounts: [account(1), account(2)]))
            #expect(SecretServiceItemPaths.load(from: directory) == right)
            // A path to nothing, and a file that is not JSON at all: the same.
            var nowhere = right
            nowhere.set("/org/freedesktop/secrets/collection/login/999999", for: account(2))
            nowhere.save(to: directory)
            #expect(try store.read() == TokenStoreContents(accounts: [account(1), account(2)]))
            #expect(SecretServiceItemPaths.load(from: directory) == right)
            try Data("not json".utf8).write(to: directory.appendingPathComponent(SecretServiceItemPaths.fileName))
            #expect(try store.read() == TokenStoreContents(accounts: [account(1), account(2)]))
            #expect(SecretServiceItemPaths.load(from: directory) == right)
            // A removed account's path is forgotten.
            _ = try store.modify { $0.removeAccount(clientId: "client-1", authority: authority, identifier: "uid-1.utid") }
            #expect(SecretServiceItemPaths.load(from: directory).path(of: account(1)) == nil)
            #expect(SecretServiceItemPaths.load(from: directory).path(of: account(2)) == right.path(of: account(2)))
        }
    }

    @Test func aLockedKeyringOrAStoppedDaemonIsAClearErrorAndLosesNothing() throws {
        let keyring = try SharedSecretService.fixture()
        try withStore { store, _ in
            try store.modify { $0.upsert(account(1)) }
            try keyring.lock()
            let locked = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(locked.reason == .unavailable)
            #expect(locked.message.contains("locked"))
            #expect(throws: TokenStoreError.self) { try store.modify { $0.upsert(account(2)) } }

            keyring.stopKeyring()
            let stopped = try #require(throws: TokenStoreError.self) { try store.read() }
            #expect(stopped.reason == .unavailable)

            // The daemon comes back (unlocking the keyring with its password): everything is there.
            try keyring.startKeyring()
            #expect(try store.read() == TokenStoreContents(accounts: [account(1)]))
        }
    }

    @Test func availabilityNamesTheKeyringAndCostsNothingWithoutABus() throws {
        let keyring = try SharedSecretService.fixture()
        #expect(SecretServiceTokenStore.availability(environment: ["DBUS_SESSION_BUS_ADDRESS": keyring.busAddress])
            == .available(serviceName: "GNOME Keyring"))
        #expect(!SecretServiceTokenStore.availability(environment: [:]).isAvailable)
    }
}

@Suite("SecretServiceTokenStore without a keyring")
struct SecretServiceTokenStoreNamingTests {
    @Test func labelsNameTheUserAndThePlace() {
        #expect(SecretServiceItem.label(of: account(1), application: "nativeauth") == "nativeauth: user1@contoso.com on contoso")
        #expect(SecretServiceItem.place(of: "http://127.0.0.1:4010/tenant") == "127.0.0.1")
        #expect(SecretServiceItem.place(of: "emulator") == "emulator")
        var odd = account(1)
        odd.username = "a\u{1B}[31mb\n"
        #expect(SecretServiceItem.label(of: odd, application: "x") == "x: a[31mb on contoso")
    }

    @Test func serviceNamesComeFromTheProgram() {
        #expect(SecretServiceAvailability.serviceName(program: "gnome-keyring-d\n") == "GNOME Keyring")
        #expect(SecretServiceAvailability.serviceName(program: "kwalletd6") == "KWallet")
        #expect(SecretServiceAvailability.serviceName(program: "keepassxc") == "KeePassXC")
        #expect(SecretServiceAvailability.serviceName(program: "") == "Secret Service")
    }

    @Test func applicationNamesAreBounded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: TokenStoreError.self) { try SecretServiceTokenStore(application: "", directory: directory) }
        #expect(throws: TokenStoreError.self) { try SecretServiceTokenStore(application: "a b", directory: directory) }
        #expect(throws: TokenStoreError.self) { try SecretServiceTokenStore(application: String(repeating: "a", count: 65), directory: directory) }
    }

    /// A read-only command with no store folder (nobody ever signed in, or root with another user's
    /// `HOME`): nobody is signed in, the keyring is not asked, and no folder is made.
    @Test func aStoreWithoutItsFolderReadsAsEmptyAndMakesNone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).appendingPathComponent("nativeauth")
        defer { try? FileManager.default.removeItem(at: directory.deletingLastPathComponent()) }
        let store = try SecretServiceTokenStore(application: "nativeauth-tests", directory: directory)
        #expect(try store.read() == TokenStoreContents())
        #expect(!FileManager.default.fileExists(atPath: directory.deletingLastPathComponent().path))
    }
}

// MARK: - Helpers

/// The process's one private Secret Service: started on first use, its bus set as the process's
/// session bus, stopped when the process ends.
enum SharedSecretService {
    static let started: Result<SecretServiceFixture, SecretServiceFixture.FixtureError> = {
        do {
            let fixture = try SecretServiceFixture.start()
            setenv("DBUS_SESSION_BUS_ADDRESS", fixture.busAddress, 1)
            // The daemons end with this process anyway; this also removes the private home.
            atexit { if case .success(let fixture) = SharedSecretService.started { fixture.stop() } }
            return .success(fixture)
        } catch let error as SecretServiceFixture.FixtureError {
            return .failure(error)
        } catch {
            return .failure(SecretServiceFixture.FixtureError(message: "\(error)"))
        }
    }()

    static func fixture() throws -> SecretServiceFixture {
        try started.get()
    }
}

/// Replaces the secret of account 1's item with `secret`, as `secret-tool` (or a keyring manager) would.
func replaceSecretOfAccount1(in keyring: SecretServiceFixture, application: String, with secret: String) throws {
    let stored = try keyring.run("secret-tool", [
        "store", "--label=tampered", "xdg:schema", SecretServiceLibrary.schemaName, "application", application,
        "authority", StoredAccountFixture.authority, "client", "client-1", "account", "uid-1.utid",
    ], input: secret)
    #expect(stored.status == 0, "\(stored.output)")
}

/// Counts refresh-lock holders inside at once.
private final class HolderCounter: Sendable {
    private let state = Mutex((inside: 0, overlaps: 0))
    func enter() { state.withLock { $0.inside += 1; if $0.inside > 1 { $0.overlaps += 1 } } }
    func exit() { state.withLock { $0.inside -= 1 } }
    var overlaps: Int { state.withLock { $0.overlaps } }
}

private let authority = StoredAccountFixture.authority

private func account(_ index: Int) -> StoredAccount { StoredAccountFixture.account(index) }

/// Stores accounts 1 and 2 (one item each).
private func storeTwoAccounts(in store: SecretServiceTokenStore) throws {
    try store.modify { contents in
        contents.upsert(account(1))
        contents.upsert(account(2))
    }
}

private func secrets(_ index: Int) -> [String] {
    ["id-token-\(index)", "refresh-token-\(index)", "access-token-\(index)"]
}

/// Every file under `directory` whose bytes contain `text`.
private func filesContaining(_ text: String, under directory: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    var found: [String] = []
    while let url = enumerator?.nextObject() as? URL {
        if let data = try? Data(contentsOf: url), data.range(of: Data(text.utf8)) != nil { found.append(url.lastPathComponent) }
    }
    return found
}

private func withStore<T>(_ body: (SecretServiceTokenStore, URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SecretServiceTokenStore(application: "nativeauth-test-\(UUID().uuidString.prefix(8))", directory: directory)
    return try body(store, directory)
}

private func withStore<T>(_ body: (SecretServiceTokenStore, URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try SecretServiceTokenStore(application: "nativeauth-test-\(UUID().uuidString.prefix(8))", directory: directory)
    return try await body(store, directory)
}
#endif
