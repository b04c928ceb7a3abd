import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, item 5, on the built binary: a running `nativeauth` may write no core file (its
/// `RLIMIT_CORE` is 0) and is not dumpable (so its `/proc/PID` files belong to root, and other
/// processes of its user cannot read its memory). Root's processes' files belong to root anyway, so
/// as root the command runs as `nobody` (`setpriv`), where the change of owner shows.
@Suite(.timeLimit(.minutes(10)))
struct ProcessHardeningTests {
    private static let nobody: uid_t = 65534

    @Test(.enabled(if: geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func aRunningCommandWritesNoCoreFileAndIsNotDumpable() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let stateDir = sandbox.stateHome.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: stateDir, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var command = [try CLIBinary.url().path, "emulator", "--port", "0", "--state-dir", stateDir.path]
        if geteuid() == 0 {
            #expect(chown(stateDir.path, Self.nobody, Self.nobody) == 0)
            command = ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups", "--"] + command
        }
        // The shell raises the core file limit to its hard limit first (so a 0 seen later is the
        // command's doing), then `exec`s: the shell, `setpriv` and `nativeauth` are one process.
        let emulator = try LiveCLI(
            executable: URL(fileURLWithPath: "/bin/sh"),
            ["-c", #"ulimit -S -c "$(ulimit -H -c)" && exec "$@""#, "sh"] + command,
            environment: sandbox.environment)
        try await emulator.waitForStdout("admin token: ")
        let proc = "/proc/\(emulator.pid)"

        let limits = try String(contentsOfFile: "\(proc)/limits", encoding: .utf8)
        let core = try #require(limits.split(separator: "\n").first { $0.hasPrefix("Max core file size") })
        let values = core.dropFirst("Max core file size".count).split(separator: " ")
        #expect(values.prefix(2) == ["0", "0"], "soft and hard limit 0: \(core)")

        let status = try String(contentsOfFile: "\(proc)/status", encoding: .utf8)
        let uidLine = try #require(status.split(separator: "\n").first { $0.hasPrefix("Uid:") })
        let uid = try #require(uidLine.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { uid_t($0) })
        #expect(uid != 0, "the command runs as an ordinary user")
        var info = stat()
        #expect(stat("\(proc)/status", &info) == 0)
        #expect(info.st_uid == 0, "a process that is not dumpable has its /proc files owned by root (it runs as \(uid))")

        emulator.terminate()
        let result = await emulator.finish(closingInput: false)
        #expect(result.status == 0, "the emulator still stops cleanly: \(result)")
    }
}
