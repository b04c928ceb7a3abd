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

        /// Issue 35, item 2: root with another user's `HOME` (`sudo -E`, `su` without `-`) meets a link
        /// that user planted at `~/.local/state/nativeauth`, pointing at a root-owned 0755 folder (as
        /// `/etc` is). No command follows it: nothing is written there and its mode stays 0755.
        @Test(.enabled(if: geteuid() == 0, "only root can give a home and a link to another user"))
        func rootDoesNotFollowALinkPlantedInAnotherUsersHome() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let home = sandbox.stateHome.appendingPathComponent("home-of-nobody")
            let state = home.appendingPathComponent(".local/state")
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            for path in [home.path, home.path + "/.local", state.path] { #expect(chown(path, 65534, 65534) == 0) }
            let victim = sandbox.stateHome.appendingPathComponent("system-folder")
            #expect(mkdir(victim.path, 0o755) == 0 && chmod(victim.path, 0o755) == 0)
            let link = state.appendingPathComponent("nativeauth").path
            #expect(symlink(victim.path, link) == 0)
            #expect(lchown(link, 65534, 65534) == 0)
            var environment = sandbox.environment
            environment["XDG_STATE_HOME"] = nil
            environment["HOME"] = home.path

            for arguments in [["status"], ["token"], ["signin", "--password", "bob@example.com"], ["emulator", "reset"],
                              ["emulator", "reset", "--state-dir", link + "/emulator"]] {
                let live = try LiveCLI(arguments, environment: environment)
                live.send("Passw0rd!\n")
                let result = await live.finish()
                #expect(result.status != 0, "\(arguments): \(result)")
                #expect(result.stderr.contains("symbolic link that belongs to another user"), "\(arguments): \(result)")
                #expect(result.stderr.contains(link), "the link is named: \(arguments): \(result)")
                let mode = (try FileManager.default.attributesOfItem(atPath: victim.path)[.posixPermissions] as? NSNumber)?.intValue
                #expect(mode == 0o755, "\(arguments): the target's mode is untouched")
                #expect((try? FileManager.default.contentsOfDirectory(atPath: victim.path))?.isEmpty == true,
                        "\(arguments): nothing was written in the target")
            }
        }

        /// The outside review's `sudo -E nativeauth status`: root with another user's `HOME` where that
        /// user has no state folder. The read-only commands say nobody is signed in and make nothing;
        /// a sign-in is refused, naming that user's folder, before anything is made in it.
        @Test(.enabled(if: geteuid() == 0, "only root can give a home to another user"))
        func rootMakesNothingInAnotherUsersHome() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let home = sandbox.stateHome.appendingPathComponent("home-of-nobody")
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
            #expect(chown(home.path, 65534, 65534) == 0)
            var environment = sandbox.environment
            environment["XDG_STATE_HOME"] = nil
            environment["HOME"] = home.path

            for arguments in [["status"], ["token"], ["signout"], ["signout", "--all"]] {
                let result = await (try LiveCLI(arguments, environment: environment)).finish()
                #expect(result.status == 1, "\(arguments): \(result)")
                #expect(result.stderr.contains("Nobody is signed in"), "\(arguments): \(result)")
                #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "\(arguments) made nothing in the home")
            }
            let live = try LiveCLI(["signin", "--password", "bob@example.com"], environment: environment)
            live.send("Passw0rd!\n")
            let signin = await live.finish()
            #expect(signin.status != 0, "\(signin)")
            #expect(signin.stderr.contains("belongs to another user") && signin.stderr.contains(home.path), "\(signin)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "signin made nothing in the home")
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
