import Foundation
import Testing

extension FilesUnderHome {
    /// The command writes nothing under `$HOME` but its own state folder (the token store and the
    /// embedded emulator's state), whatever it links: no URL cache, no `~/.local/share/<program>`.
    @Suite
    struct HomeDirectoryTests {
        @Test func signInAndTokenWriteOnlyTheStateFolderUnderHome() async throws {
            let home = FileManager.default.temporaryDirectory
                .appendingPathComponent("nativeauth-home-\(UUID().uuidString)", isDirectory: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: home) }
            var environment = ProcessInfo.processInfo.environment
            for key in environment.keys where key.hasPrefix("NATIVEAUTH_") || key.hasPrefix("XDG_") {
                environment[key] = nil
            }
            environment["HOME"] = home.path
            environment["DBUS_SESSION_BUS_ADDRESS"] = nil  // the file, whatever keyring the machine has
            environment["NATIVEAUTH_EMULATOR_FIXED_CODE"] = "97531864"

            let signIn = try await LiveCLI(["signin", "alice@example.com", "--code", "97531864"], environment: environment).finish()
            #expect(signIn.status == 0, "\(signIn)")
            let token = try await LiveCLI(["token", "--force-refresh"], environment: environment).finish()
            #expect(token.status == 0, "\(token)")
            #expect(!token.stdout.isEmpty, "\(token)")

            let paths = Self.relativePaths(under: home)
            let allowed: Set<String> = [".local", ".local/state", ".local/state/nativeauth"]
            let unexpected = paths.filter { !allowed.contains($0) && !$0.hasPrefix(".local/state/nativeauth/") }
            #expect(unexpected.isEmpty, "written under HOME: \(unexpected.sorted())")
            #expect(paths.contains(".local/state/nativeauth/tokens.json"), "\(paths.sorted())")
        }

        /// Every file and folder under `root`, relative to it, hidden ones included.
        static func relativePaths(under root: URL) -> [String] {
            let rootPath = root.resolvingSymlinksInPath().path
            guard let walker = FileManager.default.enumerator(atPath: rootPath) else { return [] }
            return walker.compactMap { $0 as? String }
        }
    }
}
