import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL server of the test's own: a cluster made by `initdb` in a temporary folder, listening
/// on a free loopback port (and a socket in that folder), with one superuser (`tester`, trusted
/// without a password on loopback), stopped and removed by ``stop()``.
///
/// Needs Debian's `postgresql` (its programs in `/usr/lib/postgresql/VERSION/bin`); tests that use it
/// are skipped without it, except under CI (`CI` set), where they run and fail. PostgreSQL refuses to
/// run as root: as root, the cluster belongs to the `postgres` user the package makes, and its
/// programs run as that user (`runuser`).
///
/// ```swift
/// @Test(.enabled(if: PostgresFixture.enabled, "needs PostgreSQL (apt-get install postgresql)")) func shared() async throws {
///     let server = try PostgresFixture.start()
///     defer { server.stop() }
///     let url = try server.createDatabase("one")   // postgres://tester@127.0.0.1:PORT/one
/// }
/// ```
package final class PostgresFixture: Sendable {
    /// The folder of the cluster (its data in `data/`, its log in `server.log`).
    package let folder: URL
    /// The loopback port it listens on.
    package let port: Int
    /// The superuser tests connect as.
    package static let user = "tester"
    private let programs: URL

    /// The folder of PostgreSQL's programs (the newest version installed), or nil.
    package static let programFolder: URL? = {
        let root = URL(fileURLWithPath: "/usr/lib/postgresql")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return versions.compactMap { Int($0) }.sorted().reversed().map { root.appendingPathComponent("\($0)/bin") }
            .first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent("initdb").path) }
    }()

    /// Why the fixture cannot run here, or nil when it can.
    package static let missing: String? = {
        guard programFolder != nil else { return "a private PostgreSQL needs its programs (apt-get install postgresql)" }
        if geteuid() == 0, getpwnam("postgres") == nil { return "as root, PostgreSQL runs as the postgres user, and there is none" }
        return nil
    }()

    /// Whether tests that need the fixture run: when it can, and always under CI (to fail there).
    package static var enabled: Bool { missing == nil || ProcessInfo.processInfo.environment["CI"] != nil }

    /// `initdb`, then starts the server and waits until it answers.
    package static func start() throws -> PostgresFixture {
        guard let programs = programFolder else { throw PostgresFixtureError(message: missing ?? "no PostgreSQL") }
        let folder = URL(fileURLWithPath: "/tmp").appendingPathComponent("nativeauth-postgres-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        if geteuid() == 0, let account = getpwnam("postgres") {
            guard chown(folder.path, account.pointee.pw_uid, account.pointee.pw_gid) == 0 else {
                throw PostgresFixtureError(message: "could not give \(folder.path) to the postgres user")
            }
        }
        let fixture = PostgresFixture(folder: folder, port: try freePort(), programs: programs)
        do {
            try fixture.run("initdb", ["-D", fixture.data.path, "-U", user, "--auth=trust", "-E", "UTF8", "--no-sync", "--no-instructions"])
            try fixture.resume()
        } catch {
            fixture.stop()
            throw error
        }
        return fixture
    }

    private init(folder: URL, port: Int, programs: URL) {
        self.folder = folder
        self.port = port
        self.programs = programs
    }

    private var data: URL { folder.appendingPathComponent("data") }

    /// `postgres://tester@127.0.0.1:PORT/DATABASE`.
    package func url(_ database: String) -> String { "postgres://\(Self.user)@127.0.0.1:\(port)/\(database)" }

    /// Makes a database and returns its URL.
    package func createDatabase(_ name: String) throws -> String {
        try run("createdb", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, name])
        return url(name)
    }

    /// Runs SQL in `database` with `psql` and returns what it printed (unaligned, tuples only).
    @discardableResult
    package func psql(_ database: String, _ sql: String) throws -> String {
        try run("psql", ["-h", "127.0.0.1", "-p", String(port), "-U", Self.user, "-d", database, "-X", "-A", "-t",
                         "-v", "ON_ERROR_STOP=1", "-c", sql])
    }

    /// Stops the server (at once, as a crash would) and keeps its data, for ``resume()``.
    package func pause() throws {
        try run("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "stop"])
    }

    /// Starts the server on its data and port, and waits until it answers.
    package func resume() throws {
        try run("pg_ctl", ["-D", data.path, "-l", folder.appendingPathComponent("server.log").path, "-w", "-t", "60",
                           "-o", "-p \(port) -k \(folder.path) -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50",
                           "start"])
    }

    /// Stops the server and removes its folder.
    package func stop() {
        _ = try? run("pg_ctl", ["-D", data.path, "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Runs one of PostgreSQL's programs (as the postgres user when this is root) and returns its
    /// standard output; a failure is an error with what it printed. `posix_spawn` and `waitpid`, not
    /// Foundation's `Process`, whose wait missed the exit of `runuser` here; files, not pipes, for
    /// the output, as the server `pg_ctl` starts would hold a pipe open.
    @discardableResult
    private func run(_ program: String, _ arguments: [String]) throws -> String {
        let executable = programs.appendingPathComponent(program).path
        let command = geteuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--", executable] + arguments : [executable] + arguments
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("pgfixture-\(UUID().uuidString).out")
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("pgfixture-\(UUID().uuidString).err")
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment["LC_ALL"] = "C.UTF-8"
        environment["PGCONNECT_TIMEOUT"] = "10"
        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, nil, argv, envp)
        guard spawned == 0 else { throw PostgresFixtureError(message: "could not run \(command[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgresFixtureError(message: "could not wait for \(program)") }
        }
        let printed = (try? Data(contentsOf: output)) ?? Data()
        let complaint = (try? Data(contentsOf: errors)) ?? Data()
        // Exited with 0: WIFEXITED and WEXITSTATUS, which Swift does not import as functions.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            throw PostgresFixtureError(message: "\(program) \(arguments.joined(separator: " ")) failed (status \(status)): "
                + String(decoding: complaint + printed, as: UTF8.self))
        }
        return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    private static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw PostgresFixtureError(message: "no socket") }
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0 }
        }
        guard bound else { throw PostgresFixtureError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The fixture could not do what it was asked.
package struct PostgresFixtureError: Error, CustomStringConvertible {
    package let message: String
    package var description: String { message }
}
