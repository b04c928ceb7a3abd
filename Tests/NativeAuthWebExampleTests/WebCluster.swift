import Foundation
import NativeAuthShared
import NativeAuthTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The example as it runs in production, on one machine: a private PostgreSQL, one emulator (every
/// code it sends is ``code``), three `nativeauth-web-example` replicas on it, and nginx dealing
/// requests to them round-robin on a loopback port.
final class WebCluster: Sendable {
    static let code = "24682468"

    let postgres: PostgresCluster
    let folder: URL
    let emulator: RunningProgram
    let replicas: [RunningProgram]
    let nginx: RunningProgram
    /// `http://127.0.0.1:PORT`, nginx's address.
    let base: String

    /// Why the cluster cannot run here, or nil when it can.
    static let missing: String? = {
        if let missing = PostgresCluster.missing { return missing }
        let programs = ["/usr/sbin/nginx", "/usr/bin/chromium", "/usr/bin/chromedriver"]
        if let absent = programs.first(where: { !FileManager.default.isExecutableFile(atPath: $0) }) {
            return "the three-replica tests need \(absent) (apt-get install nginx chromium chromium-driver)"
        }
        if (try? Binaries.url("nativeauth-web-example")) == nil { return "nativeauth-web-example is not built" }
        return nil
    }()

    /// Whether the tests run: when they can, and always under CI (to fail there).
    static var enabled: Bool { missing == nil || ProcessInfo.processInfo.environment["CI"] != nil }

    private init(postgres: PostgresCluster, folder: URL, emulator: RunningProgram, replicas: [RunningProgram], nginx: RunningProgram, base: String) {
        self.postgres = postgres
        self.folder = folder
        self.emulator = emulator
        self.replicas = replicas
        self.nginx = nginx
        self.base = base
    }

    /// Starts it; each replica waits `databaseTimeout` seconds for a database connection.
    static func start(databaseTimeout: Int = 120) async throws -> WebCluster {
        let postgres = try await PostgresCluster.start()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-web-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keyFile = folder.appendingPathComponent("site.keys")
        let key = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try "k1:\(key)\n".write(to: keyFile, atomically: true, encoding: .utf8)

        let emulator = try RunningProgram("emulator", try Binaries.url("nativeauth-emulator").path,
            ["serve", "--port", "0", "--state-dir", folder.appendingPathComponent("emulator").path],
            environment: ["NATIVEAUTH_EMULATOR_FIXED_CODE": code])
        let authority = try await emulator.waitFor(#"authority: (\S+)"#)
        var replicas: [RunningProgram] = []
        var ports: [String] = []
        for index in 1...3 {
            let replica = try RunningProgram("r\(index)", try Binaries.url("nativeauth-web-example").path, [
                "--port", "0", "--replica", "r\(index)", "--authority", authority,
                "--client-id", "e1a70000-0000-4000-8000-000000000001", "--database", postgres.url, "--key-file", keyFile.path,
                "--log-level", "warning", "--database-timeout", "\(databaseTimeout)",
            ])
            replicas.append(replica)
            ports.append(try await replica.waitFor(#"listening on http://127\.0\.0\.1:(\d+)"#))
        }
        let (nginx, port) = try await startNginx(folder: folder, upstreams: ports)
        return WebCluster(postgres: postgres, folder: folder, emulator: emulator, replicas: replicas, nginx: nginx,
                          base: "http://127.0.0.1:\(port)")
    }

    /// nginx in the foreground on a free port (another when it was taken meanwhile), ready once it
    /// says it started its worker.
    private static func startNginx(folder: URL, upstreams: [String]) async throws -> (RunningProgram, Int) {
        for attempt in 0..<5 {
            let held = try LoopbackPort()
            held.openForServer()  // nginx binds it with SO_REUSEADDR while it is held
            defer { held.release() }
            let port = held.number
            let temp = folder.appendingPathComponent("nginx-\(attempt)")
            try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
            let config = temp.appendingPathComponent("nginx.conf")
            try """
                daemon off;
                master_process on;
                worker_processes 1;
                pid \(temp.path)/nginx.pid;
                error_log stderr notice;
                events { worker_connections 1024; }
                http {
                    access_log off;
                    client_body_temp_path \(temp.path)/body;
                    proxy_temp_path \(temp.path)/proxy;
                    fastcgi_temp_path \(temp.path)/fastcgi;
                    uwsgi_temp_path \(temp.path)/uwsgi;
                    scgi_temp_path \(temp.path)/scgi;
                    upstream site { \(upstreams.map { "server 127.0.0.1:\($0) max_fails=0;" }.joined(separator: " ")) keepalive 16; }
                    server {
                        listen 127.0.0.1:\(port);
                        location / {
                            proxy_pass http://site;
                            proxy_http_version 1.1;
                            proxy_set_header Connection "";
                            proxy_set_header Host $http_host;
                            proxy_next_upstream error timeout;
                        }
                    }
                }
                """.write(to: config, atomically: true, encoding: .utf8)
            let nginx = try RunningProgram("nginx", "/usr/sbin/nginx", ["-e", "stderr", "-p", temp.path, "-c", config.path])
            do {
                try await nginx.waitFor(#"start worker process"#)
                return (nginx, port)
            } catch {
                await nginx.stop()
                if !nginx.text.contains("Address already in use") { throw error }
            }
        }
        throw ProgramFailure("nginx found no free port")
    }

    /// The replica named `name` (`r1`…`r3`).
    func replica(_ name: String) -> RunningProgram? { replicas.first { $0.name == name } }

    func stop() async {
        await nginx.stop()
        for replica in replicas { await replica.stop() }
        await emulator.stop()
        postgres.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// What the replicas, the emulator and nginx printed lately, for a failure's message.
    var recentOutput: String {
        ([emulator, nginx] + replicas).map { "[\($0.name)] " + String($0.text.suffix(2000)) }.joined(separator: "\n")
    }

    /// Runs the browser driver `scenario` for `username` with `secret` (the code, or a password).
    func browser(_ scenario: String, username: String, secret: String) throws -> RunningProgram {
        let drivers = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("BrowserDrivers")
        return try RunningProgram("browser", "/usr/bin/env", ["python3", drivers.appendingPathComponent("web_example.py").path,
                                                             scenario, base, username, secret],
                                  environment: ["NATIVEAUTH_TEST_CODE": Self.code,
                                                "NATIVEAUTH_SCREENSHOT_DIR": folder.appendingPathComponent("screenshots").path])
    }
}

/// Where the built programs are: beside the test bundle (the build folder), else `.build/debug`.
enum Binaries {
    static func url(_ name: String) throws -> URL {
        var candidates: [URL] = []
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<3 {
            candidates.append(folder.appendingPathComponent(name))
            folder.deleteLastPathComponent()
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/\(name)"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw ProgramFailure("\(name) was not found (swift build --product \(name)); looked at \(candidates.map(\.path))")
        }
        return found
    }
}

extension PostgresCluster {
    /// The rows `sql` answers, one a line, its columns joined by `|` (psql's unaligned output).
    func psql(_ sql: String) async throws -> String {
        let binaries = try #require(Self.binaries)
        let program = try RunningProgram("psql", binaries.appendingPathComponent("psql").path, [
            "-h", "127.0.0.1", "-p", "\(port)", "-U", "postgres", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql, "postgres",
        ])
        let (status, text) = await program.finish()
        guard status == 0 else { throw ProgramFailure("psql failed: \(text)") }
        return text
    }
}
