import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 9, item 15: `signout` works for an account whose authority is now refused (it sends
/// nothing), and `signin` checks the token store before it spends a code.
@Suite
struct SignInStoreCheckTests {
    @Test func signoutRemovesAnAccountWhoseAuthorityIsNowRefused() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let folder = sandbox.storeFile.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // Plain http to a remote host: the library refuses such an authority for any request.
        let store = #"""
            {"version":1,"accounts":[{"clientId":"00001111-aaaa-2222-bbbb-3333cccc4444",
            "authority":"http://login.example.com/contoso.onmicrosoft.com","username":"carol@example.com",
            "identifier":"carol","refreshToken":"rt","accessTokens":[],"signedInAt":"2026-01-01T00:00:00Z"}]}
            """#
        try Data(store.utf8).write(to: sandbox.storeFile)
        let token = try await sandbox.run(["token"])
        #expect(token.status != 0, "\(token)")
        let signout = try await sandbox.run(["signout"])
        #expect(signout.status == 0, "\(signout)")
        #expect(signout.stdout.contains("Signed out carol@example.com"), "\(signout)")
        let status = try await sandbox.run(["status"])
        #expect(status.status == 1, "nobody is left: \(status)")
    }

    @Test func aCorruptStoreStopsTheSignInBeforeACodeIsSent() async throws {
        let sandbox = try CommandSandbox(fixedCode: "31415926")
        defer { sandbox.remove() }
        let folder = sandbox.storeFile.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data("{ not json".utf8).write(to: sandbox.storeFile)
        let result = try await sandbox.run(["signin", "--api", "v2", "alice@example.com"], input: "31415926\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("nothing was sent"), "\(result)")
        #expect(result.stderr.contains("then run `nativeauth signin --api v2 alice@example.com` again."), "\(result)")
        #expect(!result.stderr.contains("31415926"), "a code was sent: \(result)")
        #expect(try String(contentsOf: sandbox.storeFile, encoding: .utf8) == "{ not json")
    }

    @Test(.enabled(if: geteuid() != 0, "root may write to any folder"))
    func aReadOnlyStoreFolderStopsTheSignInBeforeACodeIsSent() async throws {
        let sandbox = try CommandSandbox(fixedCode: "27182818")
        defer { sandbox.remove() }
        let folder = sandbox.storeFile.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        #expect(chmod(folder.path, 0o500) == 0)
        defer { _ = chmod(folder.path, 0o700) }
        let result = try await sandbox.run(["signin", "alice@example.com"], input: "27182818\n")
        #expect(result.status == 1, "\(result)")
        #expect(!result.stderr.contains("27182818"), "a code was sent: \(result)")
    }

    @Test(arguments: [["signup", "new@example.com"], ["reset-password", "bob@example.com"]])
    func signUpAndResetCheckTheStoreBeforeACodeIsSent(_ command: [String]) async throws {
        let sandbox = try CommandSandbox(fixedCode: "16180339")
        defer { sandbox.remove() }
        let folder = sandbox.storeFile.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data("{ not json".utf8).write(to: sandbox.storeFile)
        let result = try await sandbox.run(command, input: "16180339\nN3w-Passw0rd!\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("nothing was sent"), "\(result)")
        #expect(result.stderr.contains("run `nativeauth \(command.joined(separator: " "))` again"), "\(result)")
        #expect(!result.stderr.contains("Code sent"), "a code was sent: \(result)")
    }
}
