import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension EmulatorProcess {
    /// Issue 9, item 4, on the built binary: a database (`state.sqlite`) the emulator may not read
    /// stops it with a message naming the file, and is left as it was (users and refresh tokens kept).
    /// Root reads any file, so as root the emulator runs as `nobody` (`setpriv`).
    @Suite
    struct EmulatorStateErrorTests {
        private static let nobody: uid_t = 65534

        /// Runs `nativeauth ARGUMENTS`, as `nobody` when the tests run as root.
        private func run(_ sandbox: CLISandbox, _ arguments: [String]) throws -> LiveCLI {
            guard geteuid() == 0 else { return try sandbox.start(arguments) }
            return try LiveCLI(
                executable: URL(fileURLWithPath: "/usr/bin/setpriv"),
                ["--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--", try CLIBinary.url().path] + arguments,
                environment: sandbox.environment)
        }

        @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")),
              arguments: ["state.sqlite"])
        func anUnreadableStateFileStopsTheEmulatorAndIsKept(name: String) async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("state")
            try FileManager.default.createDirectory(at: stateDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            if geteuid() == 0 {
                #expect(chown(stateDir.path, Self.nobody, Self.nobody) == 0)
            }
            let arguments = ["emulator", "--port", "0", "--state-dir", stateDir.path]
            let first = try run(sandbox, arguments)
            try await first.waitForStdout("admin token: ")
            first.terminate()
            #expect(await first.finish(closingInput: false).status == 0)

            let file = stateDir.appendingPathComponent(name)
            let before = try Data(contentsOf: file)
            #expect(chmod(file.path, 0o000) == 0)
            let second = try run(sandbox, arguments)
            let result = await second.finish()
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("\(file.path) could not be read"), "\(result)")
            #expect(result.stderr.contains("left as it is"), "\(result)")
            #expect(chmod(file.path, 0o600) == 0)
            #expect(try Data(contentsOf: file) == before)
        }
    }
}
