import Foundation
import NativeAuthEmulator
import NativeAuthShared
import Testing

@Suite("Abuse cases")
struct AbuseTests {
    @Test func theFifthWrongCodeIsAnsweredWithTheLockOutAndTheFlowIsDead() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            for _ in 1...4 {
                let wrong = try await client.submitCode(token, code: "99999999")
                ProtocolErrorTests.expectError(wrong, "invalid_grant", 50181, suberror: "invalid_oob_value")
            }
            // The attempt that uses up the limit says so itself: no retry suberror.
            let fifth = try await client.submitCode(token, code: "99999999")
            ProtocolErrorTests.expectError(fifth, "invalid_grant", 50053)
            let description = fifth.string("error_description") ?? ""
            #expect(description.contains("too many wrong codes"), "\(description)")
            #expect(description.contains("Start a new sign-in"), "\(description)")
            // Even the right code is refused now, and so is a resend.
            let right = try await client.submitCode(token, code: "12345678")
            ProtocolErrorTests.expectError(right, "invalid_request", 55200)
            #expect(right.string("error_description")?.contains("too many wrong") == true)
            ProtocolErrorTests.expectError(try await client.challenge(token), "invalid_request", 55200)
        }
    }

    @Test func theFifthWrongPasswordIsAnsweredWithTheLockOut() async throws {
        try await withEmulator { client in
            let started = try await client.initiate("bob@example.com")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            let token = try #require(challenged.string("continuation_token"))
            for _ in 1...4 {
                ProtocolErrorTests.expectError(try await client.submitPassword(token, password: "wrong"), "invalid_grant", 50126)
            }
            let fifth = try await client.submitPassword(token, password: "wrong")
            ProtocolErrorTests.expectError(fifth, "invalid_grant", 50053)
            #expect(fifth.string("error_description")?.contains("too many wrong passwords") == true, "\(fifth.json)")
            ProtocolErrorTests.expectError(try await client.submitPassword(token, password: "Passw0rd!"), "invalid_request", 55200)
        }
    }

    @Test func maxAttemptsIsConfigurable() async throws {
        try await withEmulator({ $0.maxCodeAttempts = 2 }) { client in
            let token = try await client.startOTP()
            #expect(try await client.submitCode(token, code: "1").string("suberror") == "invalid_oob_value")
            let second = try await client.submitCode(token, code: "2")
            #expect(second.errorCode == 50053)
            #expect(second.string("suberror") == nil)
            #expect(try await client.submitCode(token, code: "12345678").errorCode == 55200)
        }
    }

    @Test func continuationTokenCannotBeReplayedAfterSuccess() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            #expect(try await client.submitCode(token, code: "12345678").status == 200)
            let replay = try await client.submitCode(token, code: "12345678")
            ProtocolErrorTests.expectError(replay, "invalid_request", 55200)
            ProtocolErrorTests.expectError(try await client.challenge(token), "invalid_request", 55200)
        }
    }

    @Test func tokenFromInitiateIsNotValidAtTheTokenEndpoint() async throws {
        try await withEmulator { client in
            let first = try #require(try await client.initiate("alice@example.com").string("continuation_token"))
            ProtocolErrorTests.expectError(try await client.submitCode(first, code: "12345678"), "invalid_request", 55200)
        }
    }

    @Test func tokenForPasswordStepIsNotValidForTheCodeGrant() async throws {
        try await withEmulator { client in
            let started = try await client.initiate("bob@example.com")
            let challenged = try await client.challenge(try #require(started.string("continuation_token")))
            let token = try #require(challenged.string("continuation_token"))
            ProtocolErrorTests.expectError(try await client.submitCode(token, code: "12345678"), "invalid_request", 55200)
            // The flow is untouched and the password still works.
            #expect(try await client.submitPassword(token, password: "Passw0rd!").status == 200)
        }
    }

    @Test func codeFromAnotherFlowIsRejected() async throws {
        try await withEmulator({ $0.fixedCode = nil }) { client in
            let one = try await client.startOTP()
            let two = try await client.startOTP()
            let codes = try #require(try await client.admin("GET", "codes?username=alice@example.com").json["codes"] as? [[String: Any]])
            let codeOfOne = try #require(codes.first?["code"] as? String)
            let codeOfTwo = try #require(codes.last?["code"] as? String)
            if codeOfOne != codeOfTwo {
                #expect(try await client.submitCode(two, code: codeOfOne).string("suberror") == "invalid_oob_value")
            }
            #expect(try await client.submitCode(one, code: codeOfOne).status == 200)
            #expect(try await client.submitCode(two, code: codeOfTwo).status == 200)
        }
    }

    @Test func tamperedContinuationTokenIsRejected() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            var characters = Array(token)
            characters[characters.count - 3] = characters[characters.count - 3] == "A" ? "B" : "A"
            ProtocolErrorTests.expectError(try await client.submitCode(String(characters), code: "12345678"), "invalid_request", 55200)
            ProtocolErrorTests.expectError(try await client.submitCode("garbage", code: "12345678"), "invalid_request", 55200)
        }
    }

    @Test func tokenSplicedFromTwoFlowsIsRejected() async throws {
        try await withEmulator { client in
            let one = try await client.startOTP()
            let two = try await client.startOTP()
            var bytesOne = try #require(Base64URL.decode(one))
            let bytesTwo = try #require(Base64URL.decode(two))
            // Keep flow one's secret part but claim flow two's identity.
            bytesOne.replaceSubrange(1..<17, with: bytesTwo[1..<17])
            let spliced = Base64URL.encode(bytesOne)
            ProtocolErrorTests.expectError(try await client.submitCode(spliced, code: "12345678"), "invalid_request", 55200)
            // Both real flows are unaffected.
            #expect(try await client.submitCode(one, code: "12345678").status == 200)
            #expect(try await client.submitCode(two, code: "12345678").status == 200)
        }
    }

    @Test func continuationTokenOfAnotherClientIsRejected() async throws {
        try await withEmulator({ $0.additionalClientIds = ["00000000-0000-4000-8000-0000000000aa"] }) { client in
            let token = try await client.startOTP()
            var other = client
            other.clientId = "00000000-0000-4000-8000-0000000000aa"
            ProtocolErrorTests.expectError(try await other.submitCode(token, code: "12345678"), "invalid_request", 55200)
        }
    }

    @Test func aRotatedRefreshTokenPresentedAgainAfterTheGraceRevokesItsSuccessorsToo() async throws {
        try await withEmulator { client in
            let first = try #require(try await client.signInOTP().string("refresh_token"))
            let second = try #require(try await client.refresh(first).string("refresh_token"))
            client.emulator.advanceClock(by: 61)  // past the 60 s reuse grace
            let reuse = ProtocolErrorTests.expectError(try await client.refresh(first), "invalid_grant", 70000)
            #expect(reuse.string("error_description")?.contains("already used") == true)
            // Reuse means a copy is in other hands: the whole family is revoked (RFC 9700 §4.14.2).
            ProtocolErrorTests.expectError(try await client.refresh(second), "invalid_grant", 70000)
        }
    }

    @Test func expiredContinuationTokenIsExpiredToken() async throws {
        try await withEmulator { client in
            let token = try await client.startOTP()
            _ = try await client.admin("POST", "clock/advance", json: #"{"seconds": 601}"#)
            ProtocolErrorTests.expectError(try await client.submitCode(token, code: "12345678"), "expired_token", 552003)
        }
    }

    @Test func expiredCodeIsRefusedButResendWorks() async throws {
        try await withEmulator({ $0.codeLifetime = 60 }) { client in
            let token = try await client.startOTP()
            _ = try await client.admin("POST", "clock/advance", json: #"{"seconds": 61}"#)
            let expired = try await client.submitCode(token, code: "12345678")
            ProtocolErrorTests.expectError(expired, "invalid_grant", 50181, suberror: "invalid_oob_value")
            #expect(expired.string("error_description")?.contains("expired") == true)
            let resent = try #require(try await client.challenge(token).string("continuation_token"))
            #expect(try await client.submitCode(resent, code: "12345678").status == 200)
        }
    }

    @Test func expiredRefreshTokenIsInvalidGrant700082() async throws {
        try await withEmulator { client in
            let refresh = try #require(try await client.signInOTP().string("refresh_token"))
            _ = try await client.admin("POST", "clock/advance", json: #"{"seconds": 86401}"#)
            ProtocolErrorTests.expectError(try await client.refresh(refresh), "invalid_grant", 700082)
        }
    }
}
