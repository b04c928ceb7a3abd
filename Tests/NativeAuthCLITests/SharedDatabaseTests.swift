import Foundation
import NativeAuthTestSupport
import Testing

extension EmulatorProcess {
    /// Issue 34, "Done when": `nativeauth emulator` instances, each a process of its own, on one
    /// PostgreSQL database (a private cluster, Tests/NativeAuthTestSupport): one killed with SIGKILL in
    /// the middle of a flow loses nothing of it, and the flow goes on at another.
    @Suite(.enabled(if: PostgresCluster.enabled, "needs PostgreSQL's programs (apt-get install postgresql)"))
    struct SharedDatabaseTests {
        @Test func anInstanceKilledMidFlowLosesNothingAndTheFlowGoesOnAtAnother() async throws {
            let cluster = try await PostgresCluster.start()
            defer { cluster.stop() }
            let sandbox = try CLISandbox(fixedCode: "24681357")
            defer { sandbox.remove() }
            let database = ["--database", cluster.url]
            let a = try await ForegroundEmulator.start(in: sandbox, stateFolder: "a", arguments: database)
            let b = try await ForegroundEmulator.start(in: sandbox, stateFolder: "b", arguments: database)
            // C is given the database with a password in its URL (the test cluster trusts loopback, so any
            // password does): its start line never shows it.
            let withPassword = cluster.url.replacingOccurrences(of: "postgres@", with: "postgres:hunter2pw@")
            let c = try await ForegroundEmulator.start(in: sandbox, stateFolder: "c", arguments: ["--database", withPassword])
            let clientId = try await a.process.waitForStdout(#"client id: (\S+)"#)
            let stateLine = try await c.process.waitForStdout(#"(state: .*)"#)
            #expect(!c.process.stdoutText.contains("hunter2pw") && !c.process.stderrText.contains("hunter2pw"), "\(c.process.stdoutText)")
            #expect(stateLine.contains("--database 'postgres://postgres@127.0.0.1:") && stateLine.contains("PGPASSWORD"), "\(stateLine)")

            let started = try await a.form("oauth2/v2.0/initiate", ["client_id": clientId, "username": "alice@example.com",
                                                                     "challenge_type": "oob redirect"])
            let first = try #require(started["continuation_token"] as? String, "\(started)")
            let challenged = try await b.form("oauth2/v2.0/challenge", ["client_id": clientId, "continuation_token": first,
                                                                         "challenge_type": "oob redirect"])
            let second = try #require(challenged["continuation_token"] as? String, "\(challenged)")
            try await b.process.waitForStderr("code 24681357")

            // B sent the code and is killed: what it answered was committed.
            b.process.kill()
            let killed = await b.process.finish(closingInput: false)
            #expect(killed.status != 0, "\(killed)")

            let tokens = try await c.form("oauth2/v2.0/token", ["client_id": clientId, "continuation_token": second,
                                                                 "grant_type": "oob", "oob": "24681357", "scope": "openid offline_access"])
            let refreshToken = try #require(tokens["refresh_token"] as? String, "\(tokens)")
            #expect(tokens["access_token"] is String)
            let refreshed = try await a.form("oauth2/v2.0/token", ["client_id": clientId, "grant_type": "refresh_token",
                                                                    "refresh_token": refreshToken, "scope": "openid offline_access"])
            #expect(refreshed["access_token"] is String, "\(refreshed)")
            #expect(await a.stop().status == 0)
            #expect(await c.stop().status == 0)
        }
    }
}
