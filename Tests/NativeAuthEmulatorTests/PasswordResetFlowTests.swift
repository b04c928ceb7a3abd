import Foundation
import NativeAuthEmulator
import NativeAuthShared
import Testing

@Suite("Password-reset flows over loopback HTTP")
struct PasswordResetFlowTests {
    @Test func aResetChecksTheCodeAndThePolicyPollsThenSignsInAndOnlyTheNewPasswordWorks() async throws {
        try await withEmulator { client in
            let started = try await client.resetStart("Bob@Example.com")
            #expect(started.status == 200)
            #expect(started.json.keys.sorted() == ["continuation_token"])
            let challenged = try await client.resetChallenge(try #require(started.string("continuation_token")))
            #expect(challenged.string("challenge_type") == "oob")
            #expect(challenged.string("challenge_target_label") == "b*b@e*****e.com")
            #expect(challenged.json["code_length"] as? Int == 8)
            let codeToken = try #require(challenged.string("continuation_token"))
            _ = ProtocolErrorTests.expectError(try await client.resetContinue(codeToken, code: "00000000"), "invalid_grant", 50181,
                                               suberror: "invalid_oob_value")
            let verified = try await client.resetContinue(codeToken)
            #expect(verified.status == 200)
            #expect(verified.json.keys.sorted() == ["continuation_token", "expires_in"])
            #expect(verified.json["expires_in"] as? Int == 600)
            let passwordToken = try #require(verified.string("continuation_token"))

            let short = try await client.resetSubmit(passwordToken, "Ab1!")
            #expect(short.status == 400 && short.string("suberror") == "password_too_short")
            _ = ProtocolErrorTests.expectError(try await client.resetSubmit(passwordToken, "alllowercase"), "invalid_grant", 399246,
                                               suberror: "password_too_weak")
            let current = try await client.resetSubmit(passwordToken, "Passw0rd!")
            #expect(current.status == 400 && current.string("suberror") == "password_recently_used", "the current password: \(current.json)")
            #expect(current.string("error_description")?.hasPrefix("New password was used recently.") == true)

            let submitted = try await client.resetSubmit(passwordToken, "N3w-Passw0rd!")
            #expect(submitted.status == 200)
            #expect(submitted.json.keys.sorted() == ["continuation_token", "poll_interval"])
            #expect(submitted.json["poll_interval"] as? Int == 1)
            let pollToken = try #require(submitted.string("continuation_token"))
            // Until the reset completes the old password still works.
            #expect(try await client.signInPassword("Passw0rd!").status == 200)
            let pending = try await client.resetPoll(pollToken)
            #expect(pending.status == 200)
            #expect(pending.json.keys.sorted() == ["status"])
            #expect(pending.string("status") == "in_progress")
            let done = try await client.resetPoll(pollToken)
            #expect(done.string("status") == "succeeded")
            #expect(done.json["expires_in"] as? Int == 600)
            let signInToken = try #require(done.string("continuation_token"))
            _ = ProtocolErrorTests.expectError(try await client.resetPoll(pollToken), "invalid_request", 55200)

            let tokens = try await client.continuationGrant(signInToken, username: "bob@example.com")
            #expect(tokens.status == 200)
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(id.claims["preferred_username"] as? String == "bob@example.com")
            _ = ProtocolErrorTests.expectError(try await client.continuationGrant(signInToken, username: nil), "invalid_request", 55200)

            _ = ProtocolErrorTests.expectError(try await client.signInPassword("Passw0rd!"), "invalid_grant", 50126)
            #expect(try await client.signInPassword("N3w-Passw0rd!").status == 200)
        }
    }

    @Test func everyRefreshTokenIssuedBeforeTheResetIsRevoked() async throws {
        try await withEmulator { client in
            let before = try #require(try await client.signInPassword("Passw0rd!").string("refresh_token"))
            let rotated = try #require(try await client.refresh(before).string("refresh_token"), "a rotation before the reset")
            let other = try #require(try await client.signInPassword("Passw0rd!").string("refresh_token"))
            let alice = try #require(try await client.signInOTP().string("refresh_token"))

            let token = try await client.resetToPassword()
            let poll = try #require(try await client.resetSubmit(token, "N3w-Passw0rd!").string("continuation_token"))
            _ = try await client.resetPoll(poll)
            let done = try #require(try await client.resetPoll(poll).string("continuation_token"))
            let after = try #require(try await client.continuationGrant(done, username: nil).string("refresh_token"))

            for revoked in [rotated, other] {
                let refused = ProtocolErrorTests.expectError(try await client.refresh(revoked), "invalid_grant", 70000)
                #expect(refused.string("error_description")?.contains("revoked") == true)
            }
            #expect(try await client.refresh(after).status == 200, "the session that the reset signed in keeps working")
            #expect(try await client.refresh(alice).status == 200, "other users' sessions are untouched")
        }
    }

    @Test func whoMayResetAndWhoIsRedirected() async throws {
        try await withEmulator { client in
            _ = ProtocolErrorTests.expectError(try await client.resetStart("nobody@example.com"), "user_not_found", 50034)
            let otp = ProtocolErrorTests.expectError(try await client.resetStart("alice@example.com"), "invalid_request", 500222)
            #expect(otp.string("error_description")?.hasPrefix("AADSTS500222: The tenant or user does not support native credential recovery.") == true)
            _ = ProtocolErrorTests.expectError(try await client.resetStart("not an address"), "invalid_request", 90100)
            let redirected = try await client.resetStart("bob@example.com", challengeType: "password redirect")
            #expect(redirected.status == 200)
            #expect(redirected.string("challenge_type") == "redirect")
            #expect(redirected.string("redirect_reason")?.contains("'oob'") == true)
            _ = ProtocolErrorTests.expectError(try await client.resetStart("bob@example.com", challengeType: "oob"), "invalid_request", 901007)
        }
    }

    @Test func tokensBelongToTheirFlowAndStep() async throws {
        try await withEmulator { client in
            let signIn = try await client.startOTP()
            let foreign = ProtocolErrorTests.expectError(try await client.resetContinue(signIn), "invalid_request", 55200)
            #expect(foreign.string("error_description")?.contains("belongs to a sign-in flow, not a password reset") == true)
            let started = try #require(try await client.resetStart("bob@example.com").string("continuation_token"))
            let atSignIn = ProtocolErrorTests.expectError(try await client.challenge(started), "invalid_request", 55200)
            #expect(atSignIn.string("error_description")?.contains("belongs to a password reset flow, not a sign-in") == true)
            _ = ProtocolErrorTests.expectError(try await client.resetSubmit(started, "N3w-Passw0rd!"), "invalid_request", 55200)
            _ = ProtocolErrorTests.expectError(try await client.resetPoll(started), "invalid_request", 55200)
            _ = ProtocolErrorTests.expectError(try await client.continuationGrant(started, username: nil), "invalid_request", 55200)

            let password = try await client.resetToPassword()
            _ = ProtocolErrorTests.expectError(try await client.resetPoll(password), "invalid_request", 55200)
            _ = ProtocolErrorTests.expectError(try await client.post("resetpassword/v1.0/submit", [("client_id", client.clientId), ("continuation_token", password)]),
                                               "invalid_request", 900144)
            _ = ProtocolErrorTests.expectError(try await client.post("resetpassword/v1.0/continue", [
                ("client_id", client.clientId), ("continuation_token", password), ("grant_type", "password"), ("password", "x")]), "invalid_grant", 70003)
        }
    }

    @Test func theContinueTokenExpiresAfterAtMost600SecondsAndTheFifthWrongCodeLocksTheFlow() async throws {
        try await withEmulator({ $0.continuationTokenLifetime = 3600 }) { client in
            let token = try await client.resetToPassword()
            client.emulator.advanceClock(by: 601)
            _ = ProtocolErrorTests.expectError(try await client.resetSubmit(token, "N3w-Passw0rd!"), "expired_token", 552003)

            let started = try #require(try await client.resetStart("bob@example.com").string("continuation_token"))
            let code = try #require(try await client.resetChallenge(started).string("continuation_token"))
            for _ in 1...4 {
                _ = ProtocolErrorTests.expectError(try await client.resetContinue(code, code: "00000000"), "invalid_grant", 50181, suberror: "invalid_oob_value")
            }
            _ = ProtocolErrorTests.expectError(try await client.resetContinue(code, code: "00000000"), "invalid_grant", 50053)
            _ = ProtocolErrorTests.expectError(try await client.resetContinue(code), "invalid_request", 55200)
        }
    }

    @Test func aResendReplacesTheCodeAndTheToken() async throws {
        try await withEmulator({ $0.fixedCode = nil }) { client in
            let started = try #require(try await client.resetStart("bob@example.com").string("continuation_token"))
            let first = try #require(try await client.resetChallenge(started).string("continuation_token"))
            let oldCode = try #require(try client.emulator.latestCode(for: "bob@example.com"))
            let second = try #require(try await client.resetChallenge(first).string("continuation_token"))
            let newCode = try #require(try client.emulator.latestCode(for: "bob@example.com"))
            _ = ProtocolErrorTests.expectError(try await client.resetContinue(first, code: newCode), "invalid_request", 55200)
            if oldCode != newCode {
                _ = ProtocolErrorTests.expectError(try await client.resetContinue(second, code: oldCode), "invalid_grant", 50181, suberror: "invalid_oob_value")
            }
            #expect(try await client.resetContinue(second, code: newCode).status == 200)
        }
    }

    @Test func pendingPollsAndTheIntervalComeFromTheConfigurationOrTheSeedFile() async throws {
        try await withEmulator({ $0.passwordResetPendingPolls = 3; $0.passwordResetPollInterval = 5 }) { client in
            let submitted = try await client.resetSubmit(try await client.resetToPassword(), "N3w-Passw0rd!")
            #expect(submitted.json["poll_interval"] as? Int == 5)
            let token = try #require(submitted.string("continuation_token"))
            var statuses: [String] = []
            for _ in 1...4 { statuses.append(try await client.resetPoll(token).string("status") ?? "?") }
            #expect(statuses == ["in_progress", "in_progress", "in_progress", "succeeded"])
        }
        let seed = try seedFile(#"{"passwordReset": {"pendingPolls": 0}}"#)
        defer { try? FileManager.default.removeItem(at: seed.deletingLastPathComponent()) }
        try await withEmulator({ $0.seedFile = seed; $0.passwordResetPollInterval = 4 }) { client in
            let submitted = try await client.resetSubmit(try await client.resetToPassword(), "N3w-Passw0rd!")
            #expect(submitted.json["poll_interval"] as? Int == 4, "what the seed leaves out comes from the configuration")
            #expect(try await client.resetPoll(try #require(submitted.string("continuation_token"))).string("status") == "succeeded")
        }
        let invalid = try seedFile(#"{"passwordReset": {"pendingPolls": -1}}"#)
        defer { try? FileManager.default.removeItem(at: invalid.deletingLastPathComponent()) }
        await #expect(throws: (any Error).self) { try await withEmulator({ $0.seedFile = invalid }) { _ in } }
    }

    @Test func theRequestLogRedactsTheNewPassword() async throws {
        try await withEmulator { client in
            _ = try await client.resetSubmit(try await client.resetToPassword(), "N3w-Passw0rd!")
            let body = String(decoding: try await client.admin("GET", "requests").body, as: UTF8.self)
            #expect(!body.contains("N3w-Passw0rd"))
            #expect(body.contains("resetpassword/v1.0/submit"))
        }
    }
}
