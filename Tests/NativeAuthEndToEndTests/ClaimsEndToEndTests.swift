import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport
import Testing

/// Claims requests against the emulator: MSAL's end-to-end scenario "authentication-context claim
/// triggers MFA and the token contains the claim", the sign-in after a sign-up, and getAccessToken.
@Suite struct ClaimsEndToEndTests {
    static let seed = #"""
        {"authenticationContexts": [{"id": "c4", "secondFactor": true}],
         "users": [{"username": "ctx@example.com", "method": "password", "password": "Passw0rd!",
                    "mfa": {"methods": [{"channel": "email", "target": "ctx@example.com"}], "onlyForContexts": true}}]}
        """#

    static func claims(_ id: String) throws -> ClaimsRequest {
        try ClaimsRequest(jsonString: #"{"access_token":{"acrs":{"essential":true,"value":"\#(id)"}}}"#)
    }

    /// The `acrs` claim of an access token.
    static func acrs(_ token: String) throws -> [String]? {
        let parts = token.split(separator: ".")
        let payload = try #require(parts.count == 3 ? Base64URL.decode(String(parts[1])) : nil)
        return (try JSONSerialization.jsonObject(with: payload) as? [String: Any])?["acrs"] as? [String]
    }

    @Test func anAuthenticationContextClaimTriggersMFAAndTheTokenContainsTheClaim() async throws {
        try await EmulatorHarness.run(seed: Self.seed) { harness in
            let app = try harness.app(capabilities: [.mfaRequired, .registrationRequired])
            // Without the claim, no second factor.
            guard case .completed = await EmulatorHarness.passwordSignIn(app, "ctx@example.com") else {
                throw HarnessError("expected the sign-in without claims to complete")
            }
            let parameters = NativeAuthSignInParameters(username: "ctx@example.com")
            parameters.password = EmulatorHarness.demoPassword
            parameters.claimsRequest = try Self.claims("c4")
            guard case .awaitingMFA(let methods, let awaiting) = await app.signIn(parameters: parameters),
                  let email = methods.first(where: { $0.channelTargetType.isEmailType }),
                  case .verificationRequired(let required, _, _, _) = await awaiting.requestChallenge(authMethod: email),
                  case .completed(let result) = await required.submitChallenge(challenge: "12345678")
            else { throw HarnessError("expected the claim to lead through MFA to tokens") }
            let token = try await result.getAccessToken()
            #expect(try Self.acrs(token.accessToken) == ["c4"])
        }
    }

    @Test func theSignInAfterASignUpCarriesItsClaimsAndGetAccessTokenRefreshesForNewOnes() async throws {
        try await EmulatorHarness.run(seed: #"{"signUp": {"method": "password", "attributes": []}}"#) { harness in
            let app = try harness.app(capabilities: [.mfaRequired, .registrationRequired])
            let created = try await EmulatorHarness.passwordSignUp(app, "nina@example.com", password: "Str0ng-Passw0rd!")
            let parameters = NativeAuthSignInAfterSignUpParameters()
            parameters.claimsRequest = try Self.claims("c5")
            guard case .completed(let result) = await created.signIn(parameters: parameters) else {
                throw HarnessError("expected the sign-in after sign-up to complete")
            }
            #expect(try Self.acrs(try await result.getAccessToken().accessToken) == ["c5"])
            // Another context: the cached token is skipped, the refresh asks for it.
            let refreshed = try await result.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(claimsRequest: try Self.claims("c6")))
            #expect(try Self.acrs(refreshed.accessToken) == ["c6"])
        }
    }
}
