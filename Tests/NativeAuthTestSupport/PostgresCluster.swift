import Foundation
import NativeAuthShared
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// A private PostgreSQL server for a test: a cluster made with `initdb` in a temporary folder
/// (as the `postgres` user when the tests run as root, since PostgreSQL refuses to run as root),
/// serving on a loopback port with trust authentication, and stopped with the fixture or when the
/// test process ends (the server's shell waits on a pipe this process holds open).
///
/// Needs Debian's `postgresql` (its programs in `/usr/lib/postgresql/<version>/bin`); tests that
/// use it are skipped without it, except under CI (`CI` set), where they run and fail.
package final class PostgresCluster: Sendable {
    private typealias FixtureError = SecretServiceFixture.FixtureError

    /// The loopback port it serves on.
    package let port: Int
    /// Its folder: the data directory, the socket and the log are below it.
    package let folder: URL
    private let server: Mutex<RunningServer?>

    /// The database URL of the `postgres` database as the `postgres` user.
    package var url: String { url(port: port) }

    /// The URL of this cluster's database as reached on another loopback port (a proxy's in front of it).
    package func url(port: Int) -> String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    /// The folder of PostgreSQL's programs (the newest version installed), if any.
    package static let binaries: URL? = {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.compactMap(Int.init).sorted().reversed().map { root.appendingPathComponent("\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("postgres").path) }
    }()

    /// Why the fixture cannot run here, or nil when it can.
    package static let missing: String? = binaries == nil
        ? "a private PostgreSQL needs its server programs (apt-get install postgresql)" : nil

    /// Whether tests that need the fixture run: when it can, and always under CI (to fail there).
    package static var enabled: Bool { missing == nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// Makes a cluster and starts its server on a free loopback port. `initdb` and the start take
    /// seconds: they run on a thread of their own, not on one of the cooperative pool's few threads,
    /// which the emulators and servers of the process's other tests need meanwhile.
    package static func start() async throws -> PostgresCluster {
        try await DetachedThread.run { try make() }
    }

    private static func make() throws -> PostgresCluster {
        guard let binaries else { throw FixtureError(message: missing ?? "no PostgreSQL") }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("nativeauth-postgres-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if geteuid() == 0 {
            guard let user = getpwnam("postgres") else { throw FixtureError(message: "there is no postgres user to run PostgreSQL as") }
            guard chown(folder.path, user.pointee.pw_uid, user.pointee.pw_gid) == 0 else {
                throw FixtureError(message: "cannot give \(folder.path) to the postgres user")
            }
        }
        let initdb = try run(binaries.appendingPathComponent("initdb").path, [
            "-D", folder.appendingPathComponent("data").path, "-U", "postgres", "--auth=trust", "--no-sync",
            "-E", "UTF8", "--locale=C",
        ])
        guard initdb.status == 0 else { throw FixtureError(message: "initdb failed: \(initdb.output)") }
        var lastError: (any Error)?
        for _ in 0..<5 {
            let held = try LoopbackPort()
            held.openForServer()  // PostgreSQL binds it with SO_REUSEADDR while it is held
            defer { held.release() }
            let port = held.number
            do {
                let server = try RunningServer.start(binaries: binaries, folder: folder, port: port)
                return PostgresCluster(port: port, folder: folder, server: server)
            } catch let error as FixtureError where error.message.contains("could not bind") || error.message.contains("already in use") {
                lastError = error  // another process took the port meanwhile: another one
            }
        }
        throw lastError ?? FixtureError(message: "no port for PostgreSQL")
    }

    private init(port: Int, folder: URL, server: RunningServer) {
        self.port = port
        self.folder = folder
        self.server = Mutex(server)
    }

    /// Stops the server (a fast shutdown: connections are closed) and waits until it is down.
    package func stopServer() async {
        await DetachedThread.run { [self] in stopServerNow() }
    }

    private func stopServerNow() {
        let running = server.withLock { server in
            defer { server = nil }
            return server
        }
        running?.stop()
    }

    /// Starts the server again on the same port and data, and waits until it accepts connections.
    package func startServer() async throws {
        guard let binaries = Self.binaries else { return }
        let (folder, port) = (self.folder, self.port)
        let started = try await DetachedThread.run { try RunningServer.start(binaries: binaries, folder: folder, port: port) }
        server.withLock { $0 = started }
    }

    /// Whether the server is running.
    package var isRunning: Bool { server.withLock { $0 != nil } }

    /// Stops the server and removes the cluster's folder, on a thread of its own (the shutdown waits
    /// for the server's exit): it returns at once, so that a test's `defer` can call it.
    package func stop() {
        DetachedThread.start { [self] in stopNow() }
    }

    private func stopNow() {
        stopServerNow()
        try? FileManager.default.removeItem(at: folder)
    }

    deinit {
        stopNow()
    }

    /// One run of the server: `postgres` in the foreground under a shell that stops it (fast
    /// shutdown) when its standard input closes, and 20 seconds later, if it still runs (a backend
    /// that does not end), with an immediate shutdown, which kills what does not end within 5 seconds. Its log comes on a pipe: read until the server
    /// says it is ready (or why it is not), then drained into `server.log`.
    private struct RunningServer: Sendable {
        let process: ChildProcess
        let lifeline: FileHandle

        static func start(binaries: URL, folder: URL, port: Int) throws -> RunningServer {
            let data = folder.appendingPathComponent("data").path
            let script = """
                "$0" -D "$1" -p "$2" -k "$3" -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off \\
                    -c max_connections=200 2>&1 &
                pid=$!
                cat >/dev/null
                kill -INT "$pid" 2>/dev/null
                (sleep 20 && kill -QUIT "$pid") </dev/null >/dev/null 2>&1 &
                watcher=$!
                wait "$pid"
                kill "$watcher" 2>/dev/null
                """
            let arguments = ["/bin/sh", "-c", script, binaries.appendingPathComponent("postgres").path, data, "\(port)", folder.path]
            let input = Pipe()
            let output = Pipe()
            // Not Foundation's Process: its run() crashes now and then on Linux (see ChildProcess).
            let process = try ChildProcess(
                executable: geteuid() == 0 ? "/usr/sbin/runuser" : arguments[0],
                arguments: geteuid() == 0 ? ["-u", "postgres", "--"] + arguments : Array(arguments.dropFirst()),
                standardInput: .descriptor(input.fileHandleForReading.fileDescriptor),
                standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor),
                standardError: .descriptor(output.fileHandleForWriting.fileDescriptor))
            try? input.fileHandleForReading.close()
            try? output.fileHandleForWriting.close()
            let server = RunningServer(process: process, lifeline: input.fileHandleForWriting)
            var log = ""
            while !log.contains("ready to accept connections") {
                let chunk = output.fileHandleForReading.availableData
                log += String(decoding: chunk, as: UTF8.self)
                if chunk.isEmpty || log.contains("FATAL") {
                    server.stop()
                    let reason = log.contains("could not bind") || log.contains("already in use") ? "could not bind port \(port)" : "did not start"
                    throw FixtureError(message: "PostgreSQL \(reason): \(log.suffix(1500))")
                }
            }
            let file = folder.appendingPathComponent("server.log")
            _ = FileManager.default.createFile(atPath: file.path, contents: Data(log.utf8))
            let writer = try FileHandle(forWritingTo: file)
            writer.seekToEndOfFile()
            output.fileHandleForReading.readabilityHandler = { handle in
                let chunk = handle.availableData
                if chunk.isEmpty {
                    handle.readabilityHandler = nil
                    try? writer.close()
                } else {
                    writer.write(chunk)
                }
            }
            return server
        }

        func stop() {
            try? lifeline.close()
            _ = process.waitUntilExit()
        }
    }

    /// Runs a program (as the postgres user when root) and returns its status and output.
    private static func run(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let output = Pipe()
        let process = try ChildProcess(
            executable: geteuid() == 0 ? "/usr/sbin/runuser" : program,
            arguments: geteuid() == 0 ? ["-u", "postgres", "--", program] + arguments : arguments,
            standardInput: .null,
            standardOutput: .descriptor(output.fileHandleForWriting.fileDescriptor),
            standardError: .descriptor(output.fileHandleForWriting.fileDescriptor))
        try? output.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return (process.waitUntilExit().status, String(decoding: data, as: UTF8.self))
    }

}
