import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension FilesUnderHome {
    /// Issue 9, item 9, on the built binary: the token store refuses a folder it does not own or that
    /// others may write to, never follows a planted symbolic link (a root `status` must not create a file
    /// wherever it points), and restricts a loose `tokens.json` when it reads it.
    @Suite
    struct TokenStoreFolderTests {
        private func folder(_ sandbox: CLISandbox, _ name: String = "store") throws -> URL {
            let url = sandbox.stateHome.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            return url
        }

        @Test func aPlantedLinkInPlaceOfTheLockFileIsNeverFollowed() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let store = try folder(sandbox)
            let victim = sandbox.stateHome.appendingPathComponent("victim-file")
            #expect(symlink(victim.path, store.appendingPathComponent("tokens.json.lock").path) == 0)
            let status = try await sandbox.run(["status", "--store-dir", store.path])
            #expect(!FileManager.default.fileExists(atPath: victim.path), "status created the link's target")
            #expect(status.status == 1, "\(status)")
            #expect(status.stderr.contains("tokens.json.lock"), "\(status)")
            let signin = try await sandbox.run(["signin", "--store-dir", store.path, "--password", "bob@example.com"], input: "Passw0rd!\n")
            #expect(signin.status == 1, "\(signin)")
            #expect(!FileManager.default.fileExists(atPath: victim.path))
        }

        @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
        func aFolderOfAnotherUserIsRefused() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let store = try folder(sandbox)
            #expect(chown(store.path, 65534, 65534) == 0)
            let status = try await sandbox.run(["status", "--store-dir", store.path])
            #expect(status.status == 1, "\(status)")
            #expect(status.stderr.contains("belongs to another user"), "\(status)")
            #expect((try? FileManager.default.contentsOfDirectory(atPath: store.path))?.isEmpty == true, "nothing was created in it")
        }

        @Test func aFolderOthersMayWriteToIsRefused() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let store = try folder(sandbox)
            #expect(chmod(store.path, 0o777) == 0)
            let status = try await sandbox.run(["status", "--store-dir", store.path])
            #expect(status.status == 1, "\(status)")
            #expect(status.stderr.contains("may be written by other users"), "\(status)")
            #expect(status.stderr.contains("chmod 700"), "\(status)")
        }

        @Test func aLooseStoreFileIsRestrictedWhenItIsRead() async throws {
            let sandbox = try CLISandbox(fixedCode: "13572468")
            defer { sandbox.remove() }
            let signin = try await sandbox.run(["signin", "alice@example.com"], input: "13572468\n")
            try #require(signin.status == 0, "\(signin)")
            #expect(chmod(sandbox.storeFile.path, 0o644) == 0)
            let status = try await sandbox.run(["status"])
            #expect(status.status == 0, "\(status)")
            let mode = (try FileManager.default.attributesOfItem(atPath: sandbox.storeFile.path)[.posixPermissions] as? NSNumber)?.intValue
            #expect(mode == 0o600)
        }
    }
}
