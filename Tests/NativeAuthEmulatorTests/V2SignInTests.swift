import Foundation
@testable import NativeAuthEmulator
import Testing

@Suite("API V2: entry and sign-in")
struct V2SignInTests {
    @Test("authorize-challenge answers 401 InsufficientAuthorization, flat, with a token and the journeys' relative links")
    func entry() async throws {
        try await withEmulator { client in
            let entry = try await client.v2Entry(scope: "openid offline_access")
            #expect(entry.status == 401)
            #expect(entry.string("error") == "InsufficientAuthorization")
            #expect(Set(entry.json.keys) == ["error", "error_description", "error_codes", "timestamp", "trace_id", "correlation_id",
                                              "continuation_token", "sign_in", "sign_up", "reset_password"])
            let tenant = client.emulator.core.tenantDomain
            #expect(entry.string("sign_in") == "/\(tenant)/api/v2.0/signin")
            #expect(entry.string("sign_up") == "/\(tenant)/api/v2.0/signup")
            #expect(entry.string("reset_password") == "/\(tenant)/api/v2.0/resetpassword")
            #expect(entry.string("continuation_token")?.isEmpty == false)

            var stranger = client
            stranger.clientId = "00000000-0000-4000-8000-00000000dead"
            let unknown = try await stranger.v2Entry()
            #expect(unknown.status == 400)
            #expect(unknown.string("error") == "unauthorized_client")
        }
    }

    @Test("Sign-in by code: methods, challenge, verify, continue, resume, and V1's token answer")
    func signInByCode() async throws {
        try await withEmulator { client in
            let started = try await client.v2Start("sign_in", ["username": "alice@example.com"])
            #expect(started.status == 200)
            #expect(started.string("state") == "interactionRequired")
            #expect(started.string("action") == "challenge")
            #expect((started.json["challengeContext"] as? [String: Any])?["authenticationFactor"] as? String == "singleFactor")
            #expect(started.embeddedMethods.count == 1)
            #expect(started.embeddedMethods.first?["type"] as? String == "email")
            #expect(started.embeddedMethods.first?["hint"] as? String == "a***e@e*****e.com")

            let challenged = try await client.challengeMethod(started, type: "email")
            #expect(challenged.string("action") == "verify")
            #expect(challenged.string("type") == "email")
            #expect(challenged.json["codeLength"] as? Int == 8)
            #expect(challenged.string("hint") == "a***e@e*****e.com")
            let verifyHref = try #require(challenged.link("verify"))
            #expect(verifyHref.hasPrefix("/\(client.emulator.core.tenantDomain)/api/v2.0/methods/email/"))
            #expect(challenged.link("resend")?.hasSuffix("/challenge") == true)
            #expect(try client.emulator.latestCode(for: "alice@example.com") == "12345678")

            let verified = try await client.follow(challenged, "verify", ["otp": "12345678"])
            #expect(verified.status == 200)
            #expect(verified.string("state") == "continue")
            #expect(verified.link("continue") == "/\(client.emulator.core.tenantDomain)/oauth2/v2.0/authorize-challenge")

            let resumed = try await client.v2Resume(verified)
            #expect(resumed.status == 200)
            #expect(resumed.json.keys.sorted() == ["code"])
            let tokens = try await client.v2Token(try #require(resumed.string("code")), scope: "openid profile offline_access api://demo/Data.Read")
            #expect(tokens.status == 200)
            #expect(Set(tokens.json.keys) == ["token_type", "scope", "expires_in", "ext_expires_in", "access_token", "refresh_token",
                                               "id_token", "client_info"])
            #expect(tokens.string("scope") == "openid profile offline_access api://demo/Data.Read")
            let id = try JWT(try #require(tokens.string("id_token")))
            #expect(id.claims["preferred_username"] as? String == "alice@example.com")
            let access = try JWT(try #require(tokens.string("access_token")))
            #expect(access.claims["aud"] as? String == "api://demo")
            // The refresh token works as V1's do.
            #expect(try await client.refresh(try #require(tokens.string("refresh_token"))).status == 200)
        }
    }

    @Test("Sign-in by password: the password method's challenge asks for it, without hint or code length")
    func signInByPassword() async throws {
        try await withEmulator { client in
            let started = try await client.v2Start("sign_in", ["username": "bob@example.com"])
            #expect(started.embeddedMethods.map { $0["type"] as? String } == ["password"])
            let challenged = try await client.challengeMethod(started, type: "password")
            #expect(challenged.string("action") == "verify")
            #expect(challenged.string("type") == "password")
            #expect(challenged.json["hint"] == nil)
            #expect(challenged.json["codeLength"] == nil)
            #expect(challenged.link("resend") == nil)
            let wrong = try await client.follow(challenged, "verify", ["password": "nope"])
            #expect(wrong.status == 400)
            #expect(wrong.halError.code == "invalidGrant")
            #expect(wrong.halError.inner == "invalidUserNameOrPassword")
            #expect(wrong.halError.message?.hasPrefix("AADSTS50126: ") == true)
            let verified = try await client.follow(challenged, "verify", ["password": "Passw0rd!"])
            #expect(verified.string("state") == "continue")
            let tokens = try await client.v2Complete(verified)
            #expect(tokens.status == 200)
            #expect(try JWT(try #require(tokens.string("id_token"))).claims["preferred_username"] as? String == "bob@example.com")
        }
    }

    @Test("A wrong code is refused in the nested envelope and the same token then takes the right one")
    func wrongCodeThenRight() async throws {
        try await withEmulator { client in
            let challenged = try await client.v2CodeRequested()
            let wrong = try await client.follow(challenged, "verify", ["otp": "00000000"])
            #expect(wrong.status == 400)
            #expect(wrong.halError.code == "invalidGrant")
            #expect(wrong.halError.inner == "invalid_oob_value")
            #expect(wrong.halError.message?.hasPrefix("AADSTS50181: ") == true)
            let error = try #require(wrong.json["error"] as? [String: Any])
            #expect(Set(error.keys) == ["code", "message", "innerError", "correlationId", "traceId", "timestamp"])
            #expect(wrong.json.keys.sorted() == ["error"])
            let right = try await client.follow(challenged, "verify", ["otp": "12345678"])
            #expect(right.string("state") == "continue")
        }
    }

    @Test("Too many wrong codes: the flow's lock-out is attemptsExceeded, and its token is then refused")
    func attemptsExceeded() async throws {
        try await withEmulator({ $0.maxCodeAttempts = 2 }) { client in
            let challenged = try await client.v2CodeRequested()
            #expect(try await client.follow(challenged, "verify", ["otp": "00000000"]).halError.inner == "invalid_oob_value")
            let locked = try await client.follow(challenged, "verify", ["otp": "00000000"])
            #expect(locked.halError.code == "invalidGrant")
            #expect(locked.halError.inner == "attemptsExceeded")
            #expect(locked.halError.message?.hasPrefix("AADSTS50053: ") == true)
            let after = try await client.follow(challenged, "verify", ["otp": "12345678"])
            #expect(after.halError.code == "invalidRequest")
            #expect(after.halError.inner == "invalidContinuationToken")
        }
    }

    @Test("Resend: the challenge link again sends a new code; the earlier token is superseded")
    func resend() async throws {
        try await withEmulator { client in
            let first = try await client.v2CodeRequested()
            let again = try await client.follow(first, "resend")
            #expect(again.status == 200)
            #expect(again.string("action") == "verify")
            #expect(again.string("continuationToken") != first.string("continuationToken"))
            #expect(client.emulator.core.outbox.codes(for: "alice@example.com").count == 2)
            let stale = try await client.follow(first, "verify", ["otp": "12345678"])
            #expect(stale.halError.inner == "invalidContinuationToken")
            #expect(try await client.follow(again, "verify", ["otp": "12345678"]).string("state") == "continue")
        }
    }

    @Test("The browser-only demo user is answered webFallbackRequired at sign-in")
    func webFallback() async throws {
        try await withEmulator { client in
            let answer = try await client.v2Start("sign_in", ["username": "webuser@example.com"])
            #expect(answer.status == 200)
            #expect(answer.json.count == 1)
            #expect(answer.string("state") == "webFallbackRequired")
        }
    }

    @Test("An unknown user is userNotFound (AADSTS50034) at sign-in and at reset")
    func unknownUser() async throws {
        try await withEmulator { client in
            for journey in ["sign_in", "reset_password"] {
                let answer = try await client.v2Start(journey, ["username": "nobody@example.com"])
                #expect(answer.status == 400)
                #expect(answer.halError.code == "userNotFound")
                #expect(answer.halError.message?.hasPrefix("AADSTS50034: ") == true)
            }
        }
    }

    @Test("The path must name the method the step offers")
    func wrongMethodInPath() async throws {
        try await withEmulator { client in
            let started = try await client.v2Start("sign_in", ["username": "alice@example.com"])
            let href = "/\(client.emulator.core.tenantDomain)/api/v2.0/methods/email/not-the-id/challenge"
            let answer = try await client.step(href, ["continuationToken": try #require(started.string("continuationToken"))])
            #expect(answer.status == 400)
            #expect(answer.halError.code == "invalidRequest")
            // The refusal left the token good.
            #expect(try await client.challengeMethod(started, type: "email").status == 200)
        }
    }
}
