import Foundation
@testable import NativeAuthEmulator
import Testing

@Suite("API V2: password reset")
struct V2PasswordResetTests {
    @Test("Reset with polls: methods, code, update (PUT), as many pending polls as V1's, then continue and tokens")
    func resetWithPolls() async throws {
        try await withEmulator({ $0.passwordResetPendingPolls = 2 }) { client in
            let old = try await client.passwordGrant("bob@example.com", capabilities: nil)
            let oldRefresh = try #require(old.string("refresh_token"))

            let started = try await client.v2Start("reset_password", ["username": "bob@example.com"])
            #expect(started.string("action") == "challenge")
            #expect(started.embeddedMethods.map { $0["type"] as? String } == ["email"])
            let coded = try await client.challengeMethod(started, type: "email")
            #expect(coded.string("action") == "verify")
            let update = try await client.follow(coded, "verify", ["otp": "12345678"])
            #expect(update.string("action") == "update")
            #expect(update.string("type") == "password")
            #expect((update.json["payload"] as? [String: Any])?.isEmpty == true)
            let updateHref = try #require(update.link("update"))
            #expect(updateHref.contains("/api/v2.0/methods/password/"))

            // The update is a PUT; a POST there is the 405 in the nested envelope.
            let posted = try await client.follow(update, "update", ["newPassword": "N3w-Passw0rd!"])
            #expect(posted.status == 405)
            #expect(posted.halError.code == "invalidRequest")
            let weak = try await client.follow(update, "update", ["newPassword": "Passw0rd!"], method: "PUT")
            #expect(weak.halError.inner == "passwordRecentlyUsed")

            var answer = try await client.follow(update, "update", ["newPassword": "N3w-Passw0rd!"], method: "PUT")
            #expect(answer.string("action") == "poll")
            #expect(answer.link("poll")?.hasSuffix("/pollUpdate") == true)
            var polls = 0
            while answer.string("action") == "poll", polls < 10 {
                answer = try await client.follow(answer, "poll")
                polls += 1
            }
            #expect(polls == 3, "two pending polls, then the one that completes")
            #expect(answer.string("state") == "continue")
            let tokens = try await client.v2Complete(answer)
            #expect(tokens.status == 200)

            #expect(try await client.passwordGrant("bob@example.com", capabilities: nil, password: "N3w-Passw0rd!").status == 200)
            #expect(try await client.refresh(oldRefresh).status == 400, "the reset revoked earlier refresh tokens")
        }
    }

    @Test("An email-code account has no password to reset")
    func accountWithoutPassword() async throws {
        try await withEmulator { client in
            let answer = try await client.v2Start("reset_password", ["username": "alice@example.com"])
            #expect(answer.status == 400)
            #expect(answer.halError.code == "invalidRequest")
            #expect(answer.halError.message?.hasPrefix("AADSTS500222: ") == true)
        }
    }
}
