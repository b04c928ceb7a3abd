import Foundation
import Synchronization
import Testing
@testable import NativeAuthCommands

/// Issue 35, item 27: the CA file of a server with a private CA (`nativeauth emulator --tls`):
/// without it a sign-in names `--ca-file`, not the network; given once at a sign-in, it is
/// remembered for that place's later commands, until its last account signs out.
@Suite
struct CAFileTests {
    @Test func aMissingCANamesTheCAFileOption() async throws {
        let sandbox = try CommandSandbox(fixedCode: "27272727")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox, tls: true)
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com", "--code", "27272727"])
        #expect(result.status == 5, "\(result)")
        #expect(result.stderr.contains("--ca-file FILE"), "\(result)")
        #expect(!result.stderr.contains("check the network"), "\(result)")
        _ = await emulator.stop()
    }

    @Test func theCAFileOfASignInIsRememberedForItsPlaceUntilItsLastAccountSignsOut() async throws {
        let sandbox = try CommandSandbox(fixedCode: "27272727")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox, tls: true)
        let caFile = try #require(emulator.caFile)
        let signin = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com", "--code", "27272727",
                                            "--ca-file", caFile])
        try #require(signin.status == 0, "\(signin)")

        let token = try await sandbox.run(["token", "--force-refresh"])
        #expect(token.status == 0, "the CA given at the sign-in is used: \(token)")
        let call = try await sandbox.run(["call", "\(emulator.baseURL.absoluteString)/v1.0/me"])
        #expect(call.status == 0, "\(call)")
        #expect(call.json?["userPrincipalName"] as? String == "alice@example.com", "\(call)")
        let check = try await sandbox.run(["status", "--check"])
        #expect(check.status == 0, "\(check)")
        #expect(check.stdout.contains("  ca file:        \(caFile)\n"), "\(check)")
        let json = try await sandbox.run(["status", "--json"])
        #expect((json.json?["accounts"] as? [[String: Any]])?.first?["caFile"] as? String == caFile, "\(json)")
        let again = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com", "--code", "27272727"])
        #expect(again.status == 0, "a sign-in at the same place uses it too: \(again)")

        let signout = try await sandbox.run(["signout", "--all"])
        #expect(signout.status == 0, "\(signout)")
        let forgotten = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com", "--code", "27272727"])
        #expect(forgotten.status == 5, "signed out, the place's CA is forgotten: \(forgotten)")
        _ = await emulator.stop()
    }
}

/// `ca-files.json` changed by several processes at once (sign-ins at different places): each change
/// is a read and a write under the file's lock, so none is lost.
@Suite
struct RememberedCAFilesConcurrencyTests {
    @Test func placesRememberedAtOnceAreAllKept() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-ca-files-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = RememberedCAFiles(directory: folder)
        let count = 24
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            do {
                try files.remember("/ca/\(index).pem", forStoredKey: "https://place\(index).example.com/tenant")
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        let kept = files.read()
        let missing = (0..<count).filter { kept.file(forStoredKey: "https://place\($0).example.com/tenant") != "/ca/\($0).pem" }
        #expect(missing.isEmpty, "lost: \(missing)")
    }
}
