import Foundation
import NativeAuthShared
import Testing

extension EmulatorProcess {
    /// The embedded emulator is `nativeauth-emulator embedded`, a child of the command that needs it:
    /// it serves the command's sign-in, and it never outlives the command, even one killed with SIGKILL.
    @Suite
    struct EmbeddedEmulatorProcessTests {
        @Test func theEmbeddedEmulatorIsAChildThatEndsWithItsCommandEvenAfterSIGKILL() async throws {
            let sandbox = try CLISandbox(fixedCode: "24681357")
            defer { sandbox.remove() }
            let signin = try sandbox.start(["signin", "alice@example.com"])
            try await signin.waitForStderr("code 24681357")
            let children = try Self.children(of: signin.pid)
            #expect(children.count == 1, "one emulator child: \(children)")
            let child = try #require(children.first)
            let command = try String(contentsOfFile: "/proc/\(child)/cmdline", encoding: .utf8)
                .split(separator: "\0").map(String.init)
            #expect(command.first?.hasSuffix("/nativeauth-emulator") == true, "\(command)")
            #expect(command.dropFirst().first == "embedded", "\(command)")

            kill(signin.pid, SIGKILL)
            _ = await signin.finish(closingInput: false)
            // Bounded wait for the child to notice its standard input closed and stop (not a timing).
            let clock = ContinuousClock()
            let deadline = clock.now + .seconds(30)
            while FileManager.default.fileExists(atPath: "/proc/\(child)/cmdline"), Self.isAlive(child), clock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(!Self.isAlive(child), "the embedded emulator \(child) outlived its killed command")
        }

        @Test func aCommandThatFindsNoEmulatorProgramSaysWhereItLookedAndSendsNothing() async throws {
            // A copy of nativeauth alone in a folder: no nativeauth-emulator beside it.
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-alone-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let alone = folder.appendingPathComponent("nativeauth")
            // Copied by cp, a process of its own: a copy written in this process would be open for
            // writing while other tests fork children, which would inherit that descriptor and make
            // the copy's exec fail with ETXTBSY ("Text file busy") until they exec themselves.
            let copy = try ChildProcess(executable: "/bin/cp", arguments: [try CLIBinary.url().path, alone.path])
            #expect(await copy.ending() == .exited(0))
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let live = try LiveCLI(executable: alone, ["signin", "alice@example.com"], environment: sandbox.environment)
            let result = await live.finish()
            // This machine's fault, said as such (docs/CLI.md: exit 1 and where it looked), not the network's.
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("\(folder.path)/nativeauth-emulator is missing"), "\(result)")
            #expect(!result.stderr.contains("check the network") && !result.stderr.contains("Could not reach"), "\(result)")
            #expect(!FileManager.default.fileExists(atPath: sandbox.storeFile.path))
        }

        /// The process IDs whose parent is `pid` (from /proc).
        static func children(of pid: Int32) throws -> [Int32] {
            try FileManager.default.contentsOfDirectory(atPath: "/proc").compactMap { Int32($0) }.filter { candidate in
                guard let stat = try? String(contentsOfFile: "/proc/\(candidate)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return false }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 2 && Int32(fields[1]) == pid
            }
        }

        /// Whether `pid` runs (a zombie counts as ended).
        static func isAlive(_ pid: Int32) -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            return stat[stat.index(after: close)...].split(separator: " ").first != "Z"
        }
    }
}
