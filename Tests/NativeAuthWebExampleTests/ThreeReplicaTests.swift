import Foundation
import Testing

/// The example as three processes on one PostgreSQL behind nginx round-robin, driven by a real
/// headless Chromium.
@Suite("The web example: three replicas behind nginx", .serialized, .enabled(if: WebCluster.enabled, "\(WebCluster.missing ?? "")"), .timeLimit(.minutes(20)))
struct ThreeReplicaTests {
    /// The `key: value` lines a browser run printed.
    private func lines(_ text: String) -> [String: String] {
        var values: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            values[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return values
    }

    private func run(_ cluster: WebCluster, _ scenario: String, _ username: String, _ secret: String) async throws -> [String: String] {
        let browser = try cluster.browser(scenario, username: username, secret: secret)
        let (status, text) = await browser.finish()
        #expect(status == 0, "\(text)\n\(cluster.recentOutput)")
        let values = lines(text)
        if let status = values["me status"], status != "200" {  // every scenario that signs in expects 200
            Issue.record("/me answered \(status) in scenario \(scenario): \(text)\n\(cluster.recentOutput)")
        }
        return values
    }

    private func withCluster(databaseTimeout: Int = 120, _ body: (WebCluster) async throws -> Void) async throws {
        let cluster = try await WebCluster.start(databaseTimeout: databaseTimeout)
        do {
            try await body(cluster)
        } catch {
            await cluster.stop()
            throw error
        }
        await cluster.stop()
    }

    @Test("A sign-in started on one replica finishes on another; sign-up, reset, MFA; a replayed cookie after sign-out gets 401; CSRF; no framing; a reset ends the other sessions")
    func flowsAcrossReplicas() async throws {
        try await withCluster { cluster in
            let signIn = try await run(cluster, "signin", "alice@example.com", WebCluster.code)
            #expect(signIn["start served by"] != nil && signIn["start served by"] != signIn["finish served by"],
                    "the two steps were served by \(signIn["start served by"] ?? "?") and \(signIn["finish served by"] ?? "?")")
            #expect(signIn["me status"] == "200")
            #expect(signIn["me"]?.contains("alice@example.com") == true)

            let password = try await run(cluster, "signin", "bob@example.com", "Passw0rd!")
            #expect(password["me"]?.contains("bob@example.com") == true)

            let newUser = "carol-\(UUID().uuidString.prefix(8).lowercased())@example.com"
            let signUp = try await run(cluster, "signup", newUser, "Sign-up-Passw0rd!")
            #expect(signUp["me status"] == "200")
            #expect(signUp["me"]?.contains(newUser) == true)

            let reset = try await run(cluster, "reset", newUser, "Reset-Passw0rd!")
            #expect(reset["me"]?.contains(newUser) == true)
            let signInAfterReset = try await run(cluster, "signin", newUser, "Reset-Passw0rd!")
            #expect(signInAfterReset["me"]?.contains(newUser) == true)

            let mfa = try await run(cluster, "mfa", "mfauser@example.com", "Passw0rd!")
            #expect(mfa["second factor offered"]?.isEmpty == false)
            #expect(mfa["second factor resend"]?.hasPrefix("A new code was sent to") == true, "\(mfa)")
            #expect(mfa["me"]?.contains("mfauser@example.com") == true)

            let replay = try await run(cluster, "signout-replay", "alice@example.com", WebCluster.code)
            #expect(replay["old cookie before sign-out"] == "200")
            #expect(replay["old cookie after sign-out"] == "401")
            #expect(replay["refused sign-out shown"]?.hasPrefix("You are still signed in: The accounts cannot be reached now") == true,
                    "a sign-out the site refused is not shown as done: \(replay)")
            #expect(replay["cookie flags"]?.contains("HttpOnly") == true)
            #expect(replay["cookie flags"]?.contains("SameSite=Lax") == true)

            let csrf = try await run(cluster, "csrf", "alice@example.com", WebCluster.code)
            #expect(csrf["foreign origin"] == "403")
            #expect(csrf["foreign referer"] == "403")
            #expect(csrf["no origin"] == "403")
            #expect(csrf["form content type"] == "415")
            #expect(csrf["untrusted forwarded host"] == "403", "X-Forwarded-Host counts only with --trust-forwarded-host")
            #expect(csrf["other scheme"] == "403", "the site's host under another scheme is another origin")
            #expect(csrf["same origin"] == "200")
            #expect(csrf["malformed body"] == "400 DENY bad_request", "an error answer carries the security headers too, in the API's shape")

            let framing = try await run(cluster, "framing", "alice@example.com", WebCluster.code)
            #expect(framing["me status"] == "200")
            #expect(framing["framed page shown"] == "no", "another site must not frame the pages")

            // A password reset signs out the other sessions of its address, whether the sign-in after
            // it gets through (newUser) or stops at a second factor (mfauser), and nobody else's.
            for (user, password, signedIn) in [(newUser, "Reset-Passw0rd!", true), ("mfauser@example.com", "Passw0rd!", false)] {
                let reset = try await run(cluster, "reset-ends-sessions", user, password)
                #expect(reset["other session sign-in"] == "200" && reset["bystander sign-in"] == "200", "\(user): \(reset)")
                #expect(reset["other session me before"] == "200", "\(user): \(reset)")
                #expect(reset["reset"] == (signedIn ? "200" : "mfa") && reset["resetting session me"] == (signedIn ? "200" : "401"),
                        "\(user): \(reset)")
                #expect(reset["other session me"] == "401", "the reset must end the address's other sessions: \(user): \(reset)")
                #expect(reset["bystander me"] == "200", "another account's session must stay: \(user): \(reset)")
            }
        }
    }

    @Test("While PostgreSQL is down, a sign-out answers 503 and signs nothing out; once it is back, the sign-out works")
    func signOutWhileDatabaseDown() async throws {
        try await withCluster(databaseTimeout: 20) { cluster in
            let browser = try cluster.browser("outage", username: "alice@example.com", secret: WebCluster.code)
            try await browser.waitFor("ready: yes")
            await cluster.postgres.stopServer()
            browser.sendLine("stopped")
            try await browser.waitFor("down: yes")
            try await cluster.postgres.startServer()
            let (status, text) = await browser.finish()
            #expect(status == 0, "\(text)")
            let values = lines(text)
            #expect(values["me before"] == "200")
            #expect(values["flow while signed in"] == "409", "a new flow must not replace the signed-in session")
            #expect(values["signout while down"] == "503", "a sign-out that could not happen must not say it did")
            #expect(values["new session while down"] == "503 DENY", "a session that cannot be written: 503, with the headers")
            #expect(values["me while down"] == "503", "a signed-in person is not told to sign in while the database is down")
            #expect(values["me after"] == "200", "the session and the tokens were kept")
            #expect(values["signout after"] == "200")
            #expect(values["me after signout"] == "401")
        }
    }

    @Test("The sessions table holds no session cookie: a key read from it opens no session")
    func sessionKeysAtRest() async throws {
        try await withCluster { cluster in
            let browser = try cluster.browser("session-at-rest", username: "alice@example.com", secret: WebCluster.code)
            let cookie = try await browser.waitFor(#"cookie: (\S+)"#)
            let keys = try await cluster.postgres.psql("SELECT key FROM web_sessions").split(separator: "\n").map(String.init)
            #expect(!keys.isEmpty)
            #expect(!keys.contains { $0.contains(cookie) }, "the table holds the cookie")
            for key in keys { browser.sendLine(key) }
            let (status, text) = await browser.finish()
            #expect(status == 0, "\(text)")
            #expect(lines(text)["stored keys as cookies"] == "401")
        }
    }

    @Test("Two accounts whose usernames lowercase alike share a partition, never a session's account")
    func partitionCollision() async throws {
        try await withCluster { cluster in
            let values = try await run(cluster, "partition-collision", "unused", WebCluster.code)
            #expect(values["first sign-up"] == "200" && values["second sign-up"] == "200")
            #expect(values["first me"] == "401 -", "the first session must never call the API as the second account")
            #expect(values["second me"] == "200 second")
            #expect(values["first sign-out"] == "200")
            #expect(values["second me after the first signed out"] == "200", "the first's sign-out must not sign the second out")
        }
    }

    @Test("A replica killed with SIGKILL mid-flow: the flow goes on on another")
    func replicaKilledMidFlow() async throws {
        try await withCluster { cluster in
            let browser = try cluster.browser("kill", username: "alice@example.com", secret: WebCluster.code)
            let started = try await browser.waitFor(#"started: (\S+)"#)
            let victim = try #require(cluster.replica(started))
            await victim.stop(SIGKILL)
            browser.sendLine("go on")
            let (status, text) = await browser.finish()
            #expect(status == 0, "\(text)")
            let values = lines(text)
            #expect(values["finish served by"] != started)
            #expect(values["me"]?.contains("alice@example.com") == true)
        }
    }
}
