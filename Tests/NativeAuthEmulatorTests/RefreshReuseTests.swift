import Foundation
import NativeAuthEmulator
import Testing

/// Issue 9, item 5: reusing a rotated refresh token revokes its family; a lost answer does not cost
/// the session, because the same old token returns the same successor once within a short grace.
@Suite("Refresh-token reuse")
struct RefreshReuseTests {
    @Test func withinTheGraceTheSameOldTokenReturnsTheSameSuccessorOnce() async throws {
        try await withEmulator { client in
            let first = try #require(try await client.signInOTP().string("refresh_token"))
            let lost = try #require(try await client.refresh(first).string("refresh_token"))  // the answer the client never saw
            let again = try await client.refresh(first)
            #expect(again.status == 200)
            #expect(again.string("refresh_token") == lost)
            #expect(again.string("access_token") != nil)
            // The successor works and rotates as usual.
            let next = try #require(try await client.refresh(lost).string("refresh_token"))
            #expect(next != lost)
        }
    }

    @Test func aSecondResendWithinTheGraceRevokesTheFamily() async throws {
        try await withEmulator { client in
            let first = try #require(try await client.signInOTP().string("refresh_token"))
            let successor = try #require(try await client.refresh(first).string("refresh_token"))
            #expect(try await client.refresh(first).status == 200)
            ProtocolErrorTests.expectError(try await client.refresh(first), "invalid_grant", 70000)
            ProtocolErrorTests.expectError(try await client.refresh(successor), "invalid_grant", 70000)
        }
    }

    @Test func reuseAfterTheSuccessorWasUsedRevokesEveryTokenAfterIt() async throws {
        try await withEmulator { client in
            let first = try #require(try await client.signInOTP().string("refresh_token"))
            let second = try #require(try await client.refresh(first).string("refresh_token"))
            let third = try #require(try await client.refresh(second).string("refresh_token"))
            // `first` is presented again within its grace, but its successor was already used: a copy.
            ProtocolErrorTests.expectError(try await client.refresh(first), "invalid_grant", 70000)
            let revoked = ProtocolErrorTests.expectError(try await client.refresh(third), "invalid_grant", 70000)
            #expect(revoked.string("error_description")?.contains("revoked") == true)
        }
    }

    @Test func theGraceIsConfigurable() async throws {
        try await withEmulator({ $0.refreshTokenReuseGrace = 600 }) { client in
            let first = try #require(try await client.signInOTP().string("refresh_token"))
            let successor = try #require(try await client.refresh(first).string("refresh_token"))
            client.emulator.advanceClock(by: 300)
            #expect(try await client.refresh(first).string("refresh_token") == successor)
        }
    }
}
