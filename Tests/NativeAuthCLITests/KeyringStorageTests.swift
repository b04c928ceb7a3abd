import CLITestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// `nativeauth` with a real Secret Service (GNOME Keyring on a private session bus, with a private
/// `HOME`): the tokens go to the keyring and into no file, `status` says where they are, a keyring that
/// stops is a clear error that loses nothing, `signout` leaves no item behind.
@Suite("Keyring storage", .serialized, .timeLimit(.minutes(10)),
       .enabled(if: SecretServiceFixture.enabled, "needs dbus-daemon, gnome-keyring, libsecret-1-0 and libsecret-tools"))
struct KeyringStorageTests {
    @Test func tokensLiveInTheKeyringAndInNoFileUntilSignout() async throws {
        try await withKeyringSandbox { keyring, sandbox in
            let signIn = try await sandbox.run(["signin", "alice@example.com", "--code", code])
            #expect(signIn.status == 0, "\(signIn)")
            let first = try keyringSecrets(keyring)
            #expect(try keyring.search("application", "nativeauth").contains("label = nativeauth: alice@example.com on "))
            #expect(first.count == 3, "refresh, access and ID token: \(first)")

            let token = try await sandbox.run(["token"])
            #expect(token.status == 0, "\(token)")
            #expect(first.contains(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "the cached token, read back")

            let refreshed = try await sandbox.run(["token", "--force-refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let second = try keyringSecrets(keyring)
            #expect(second != first)
            for secret in first.union(second) {
                #expect(filesContaining(secret, under: keyring.home).isEmpty, "a token is in a file")
            }

            let status = try await sandbox.run(["status"])
            #expect(status.stdout.contains("Tokens are kept in the keyring (GNOME Keyring)."), "\(status)")
            let json = try await sandbox.run(["status", "--json"])
            #expect(json.stdout.contains(#""kind":"keyring""#) || json.stdout.contains(#""kind" : "keyring""#), "\(json)")

            let signOut = try await sandbox.run(["signout"])
            #expect(signOut.status == 0, "\(signOut)")
            #expect(try keyring.search("application", "nativeauth").isEmpty)
        }
    }

    @Test func processesRefreshingAtOnceSpendEachRefreshTokenOnce() async throws {
        try await withKeyringSandbox { keyring, sandbox in
            #expect(try await sandbox.run(["signin", "alice@example.com", "--code", code]).status == 0)
            let before = try keyringSecrets(keyring)
            // The emulator forgives one second use of a spent refresh token (a lost answer), not two:
            // without the shared refresh lock, the third of three refreshes at once would revoke the
            // session and fail.
            let processes = try (0..<3).map { _ in try sandbox.start(["token", "--force-refresh"]) }
            var results: [CLIResult] = []
            for process in processes { results.append(await process.finish()) }
            for result in results { #expect(result.status == 0, "\(result)") }
            #expect(Set(results.map(\.stdout)).count == 3, "each got a token of its own")
            #expect(try keyringSecrets(keyring).isDisjoint(with: before), "the stored tokens were replaced")
            let again = try await sandbox.run(["token", "--force-refresh"])
            #expect(again.status == 0, "the stored refresh token is the one still valid: \(again)")
        }
    }

    @Test func aStoppedOrLockedKeyringIsAClearErrorAndLosesNothing() async throws {
        try await withKeyringSandbox { keyring, sandbox in
            #expect(try await sandbox.run(["signin", "alice@example.com", "--code", code]).status == 0)

            keyring.stopKeyring()
            let stopped = try await sandbox.run(["token"])
            #expect(stopped.status == 7, "\(stopped)")
            #expect(stopped.stderr.contains("keyring"), "\(stopped)")

            try keyring.startKeyring()
            let back = try await sandbox.run(["token"])
            #expect(back.status == 0, "\(back)")

            try keyring.lock()
            let locked = try await sandbox.run(["token"])
            #expect(locked.status == 1, "\(locked)")
            #expect(locked.stderr.contains("locked"), "\(locked)")
            #expect(!(try keyring.search("application", "nativeauth").isEmpty), "the item is still there")
        }
    }

    /// An item deleted in a keyring manager is reported by every command, and `signout` (of that
    /// account, of another, or `--all`) still removes what it is asked to, as the message says to do;
    /// the other account keeps its tokens.
    @Test func anAccountWhoseItemWasDeletedCanBeSignedOut() async throws {
        try await withKeyringSandbox { keyring, sandbox in
            #expect(try await sandbox.run(["signin", "alice@example.com", "--code", code]).status == 0)
            let bob = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
            try #require(bob.status == 0, "\(bob)")
            let list = keyring.home.appendingPathComponent(".local/state/nativeauth/keyring-accounts.json")
            let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: list)) as? [String: Any]
            let alice = try #require((listed?["accounts"] as? [[String: Any]])?.first { $0["username"] as? String == "alice@example.com" })
            let deleted = try keyring.run("secret-tool", ["clear", "application", "nativeauth", "account", try #require(alice["identifier"] as? String)])
            try #require(deleted.status == 0, "\(deleted)")

            let status = try await sandbox.run(["status"])
            #expect(status.status == 1 && status.stderr.contains("The keyring has no item for alice@example.com"), "\(status)")
            let signOut = try await sandbox.run(["signout", "--account", "alice@example.com"])
            #expect(signOut.status == 0 && signOut.stdout.contains("Signed out alice@example.com"), "\(signOut)")
            let token = try await sandbox.run(["token", "--account", "bob@example.com"])
            #expect(token.status == 0, "bob's tokens are still there: \(token)")

            #expect(try await sandbox.run(["signin", "alice@example.com", "--code", code]).status == 0)
            let again = try #require(try keyring.search("application", "nativeauth").split(separator: "\n")
                .first { $0.hasPrefix("attribute.account = ") && !$0.contains(alice["identifier"] as? String ?? "-") })
            #expect(try keyring.run("secret-tool", ["clear", "application", "nativeauth", "account", String(again.dropFirst("attribute.account = ".count))]).status == 0)
            let all = try await sandbox.run(["signout", "--all"])
            #expect(all.status == 0 && all.stdout.contains("Signed out alice@example.com") && all.stdout.contains("Signed out bob@example.com"), "\(all)")
            #expect(try keyring.search("application", "nativeauth").isEmpty, "no item is left")
        }
    }

    @Test func aBusWithoutAKeyringUsesTheFileAndSaysSoOnce() async throws {
        try await withKeyringSandbox { keyring, sandbox in
            keyring.stopKeyring()
            let first = try await sandbox.run(["signin", "alice@example.com", "--code", code])
            #expect(first.status == 0, "\(first)")
            #expect(first.stderr.contains("No keyring is available"), "\(first)")
            let again = try await sandbox.run(["signin", "alice@example.com", "--code", code])
            #expect(again.status == 0, "\(again)")
            #expect(!again.stderr.contains("No keyring"), "said once: \(again)")
            let status = try await sandbox.run(["status"])
            #expect(status.stdout.contains("Tokens are kept in the file "), "\(status)")
        }
    }

    @Test func accountsInTheFileMoveToTheKeyringAtTheNextSignIn() async throws {
        try await withKeyringSandbox { keyring, sandbox in
            var fileOnly = sandbox
            fileOnly.environment["NATIVEAUTH_STORAGE"] = "file"
            let inFile = try await fileOnly.run(["signin", "alice@example.com", "--code", code])
            #expect(inFile.status == 0, "\(inFile)")
            let tokensFile = keyring.home.appendingPathComponent(".local/state/nativeauth/tokens.json")
            #expect(try String(contentsOf: tokensFile, encoding: .utf8).contains("alice@example.com"))
            #expect(try keyring.search("application", "nativeauth").isEmpty)

            // Until then, the file's accounts are the ones used.
            #expect(try await sandbox.run(["token"]).status == 0)
            let signIn = try await sandbox.run(["signin", "alice@example.com", "--code", code])
            #expect(signIn.status == 0, "\(signIn)")
            #expect(signIn.stderr.contains("Moved the stored accounts"), "\(signIn)")
            let items = try keyring.search("application", "nativeauth")
            #expect(items.contains("alice@example.com"), "\(items)")
            #expect(!(try String(contentsOf: tokensFile, encoding: .utf8).contains("alice@example.com")), "never two copies")

            let signOut = try await sandbox.run(["signout", "--all"])
            #expect(signOut.status == 0, "\(signOut)")
            #expect(try keyring.search("application", "nativeauth").isEmpty)
        }
    }
}

@Suite("Keyring storage without a keyring")
struct NoKeyringStorageTests {
    @Test func askingForTheKeyringWithoutOneFailsWithItsExitCode() async throws {
        let sandbox = try CLISandbox(fixedCode: code)
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com", "--code", code, "--storage", "keyring"])
        #expect(result.status == 7, "\(result)")
        #expect(result.stderr.contains("No keyring can keep the tokens"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path), "nothing was stored")

        let wrong = try await sandbox.run(["status", "--storage", "vault"])
        #expect(wrong.status == 2, "\(wrong)")
    }

    @Test func accountsInTheFileAreReadWithoutAskingTheBus() async throws {
        var sandbox = try CLISandbox(fixedCode: code)
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["signin", "alice@example.com", "--code", code]).status == 0, "into the file: no bus")
        // A "bus" that takes connections, counts them and hangs up at once (so a client sees no keyring).
        let bus = try CountingUnixListener(path: sandbox.stateHome.appendingPathComponent("bus").path)
        defer { bus.stop() }
        sandbox.environment["DBUS_SESSION_BUS_ADDRESS"] = "unix:path=\(bus.path)"
        for command in [["token"], ["status"]] {
            let result = try await sandbox.run(command)
            #expect(result.status == 0, "\(result)")
        }
        #expect(bus.connections == 0, "the accounts are in the file: no reason to look for a keyring")
        // A sign-in may move them to a keyring, so it does look (which shows the count works).
        let signIn = try await sandbox.run(["signin", "alice@example.com", "--code", code])
        #expect(signIn.status == 0, "\(signIn)")
        #expect(bus.connections > 0)
    }

    @Test func withoutASessionBusTheFileIsUsedAndStatusSaysSo() async throws {
        let sandbox = try CLISandbox(fixedCode: code)
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["signin", "alice@example.com", "--code", code]).status == 0)
        let status = try await sandbox.run(["status"])
        #expect(status.stdout.contains("Tokens are kept in the file \(sandbox.storeFile.path)."), "\(status)")
    }
}

private let code = "97531864"

/// A CLI sandbox whose `HOME`, XDG folders and session bus are a fresh private Secret Service's.
private func withKeyringSandbox(_ body: (SecretServiceFixture, CLISandbox) async throws -> Void) async throws {
    let keyring = try await SecretServiceFixture.started()
    defer { keyring.stop() }
    var sandbox = try CLISandbox(fixedCode: code)
    defer { sandbox.remove() }
    sandbox.environment.merge(keyring.environment) { $1 }
    try await body(keyring, sandbox)
}

/// The tokens in the keyring's `nativeauth` items (read from their JSON secrets).
private func keyringSecrets(_ keyring: SecretServiceFixture) throws -> Set<String> {
    var secrets = Set<String>()
    for line in try keyring.search("application", "nativeauth").split(separator: "\n") where line.hasPrefix("secret = ") {
        let json = try JSONSerialization.jsonObject(with: Data(line.dropFirst("secret = ".count).utf8)) as? [String: Any]
        let account = json?["account"] as? [String: Any] ?? [:]
        for key in ["refreshToken", "idToken"] { if let token = account[key] as? String { secrets.insert(token) } }
        for access in account["accessTokens"] as? [[String: Any]] ?? [] {
            if let token = access["token"] as? String { secrets.insert(token) }
        }
    }
    return secrets
}

/// Every file under `directory` whose bytes contain `text`.
private func filesContaining(_ text: String, under directory: URL) -> [String] {
    let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
    var found: [String] = []
    while let url = enumerator?.nextObject() as? URL {
        if let data = try? Data(contentsOf: url), data.range(of: Data(text.utf8)) != nil { found.append(url.path) }
    }
    return found
}

/// A listening Unix socket that accepts connections on a thread of its own, counts them and closes
/// each at once.
private final class CountingUnixListener: Sendable {
    let path: String
    private let descriptor: Int32
    private let count = Mutex(0)

    init(path: String) throws {
        self.path = path
        let listening = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        descriptor = listening
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard listening >= 0, bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw CocoaError(.fileWriteUnknown)
        }
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listening, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard bound == 0, listen(listening, 16) == 0 else { throw CocoaError(.fileWriteUnknown) }
        Thread.detachNewThread { [self] in
            while true {
                let connection = accept(listening, nil, nil)
                if connection < 0 {
                    if errno == EINTR { continue }
                    return  // closed by stop()
                }
                count.withLock { $0 += 1 }
                close(connection)
            }
        }
    }

    var connections: Int { count.withLock { $0 } }

    func stop() {
        shutdown(descriptor, Int32(SHUT_RDWR))
        close(descriptor)
    }
}
