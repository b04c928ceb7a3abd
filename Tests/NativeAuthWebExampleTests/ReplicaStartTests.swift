import Foundation
import NativeAuthTestSupport
import Testing

/// Replicas of the example starting on a fresh PostgreSQL at the same time as others.
@Suite("The web example: replicas starting at once", .serialized,
       .enabled(if: PostgresCluster.enabled, "\(PostgresCluster.missing ?? "")"), .timeLimit(.minutes(10)))
struct ReplicaStartTests {
    @Test("A replica that starts while another is making the sessions table waits for it and starts")
    func sessionsTableMadeByAnother() async throws {
        let cluster = try await PostgresCluster.start()
        defer { cluster.stop() }
        let binaries = try #require(PostgresCluster.binaries)
        let psql = binaries.appendingPathComponent("psql").path
        let connection = ["-h", "127.0.0.1", "-p", "\(cluster.port)", "-U", "postgres", "-At", "-v", "ON_ERROR_STOP=1", "postgres"]
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-web-start-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        defer { try? FileManager.default.removeItem(at: folder) }
        let keyFile = folder.appendingPathComponent("site.keys")
        try "k1:\(Data(repeating: 7, count: 32).base64EncodedString())\n".write(to: keyFile, atomically: true, encoding: .utf8)

        // Another replica, in the middle of making the table: its transaction is not committed yet.
        let other = try RunningProgram("other replica", psql, connection)
        other.sendLine("BEGIN; CREATE TABLE web_sessions (key TEXT PRIMARY KEY, value TEXT NOT NULL, expires_at TIMESTAMPTZ); SELECT 'made' || 'it';")
        try await other.waitFor("madeit")

        let replica = try RunningProgram("replica", try Binaries.url("nativeauth-web-example").path, [
            "--port", "0", "--replica", "r1", "--authority", "http://127.0.0.1:9/emulator.onmicrosoft.com",
            "--client-id", "e1a70000-0000-4000-8000-000000000001", "--database", cluster.url, "--key-file", keyFile.path,
            "--log-level", "warning", "--database-timeout", "120",
        ])
        // Until the replica waits for the other's transaction (its own CREATE TABLE is blocked).
        let waiting = "SELECT 'waiting:' || count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%web_sessions%';"
        let deadline = ContinuousClock.now + RunningProgram.outputBound
        while ContinuousClock.now < deadline {
            let probe = try RunningProgram("probe", psql, connection + ["-c", waiting])
            let (_, text) = await probe.finish()
            if text.contains("waiting:1") || !replica.isRunning { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        other.sendLine("COMMIT; SELECT 'commit' || 'ted';")
        try await other.waitFor("committed")

        try await replica.waitFor(#"listening on http://127\.0\.0\.1:(\d+)"#)
        #expect(replica.isRunning, "\(replica.text)")
        await replica.stop()
        await other.stop()
    }
}
