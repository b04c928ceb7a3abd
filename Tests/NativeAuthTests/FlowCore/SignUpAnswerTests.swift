import Foundation
@testable import NativeAuth
import Testing

/// What sign-up's `/start` and `/continue` answers become, and the password-policy meaning, without a transport.
@Suite("Sign-up answers")
struct SignUpAnswerTests {
    private func rejected(_ json: String) throws -> SignUpAnswer {
        SignUpAnswer(.rejected(.protocolError(try JSONDecoder().decode(ServerErrorResponse.self, from: Data(json.utf8)), status: 400)))
    }

    @Test("A 200 succeeds with or without a token")
    func success() {
        #expect(SignUpAnswer(.success(ContinuationTokenResponse(continuationToken: "CT9"))) == .succeeded(continuationToken: "CT9"))
        #expect(SignUpAnswer(.success(ContinuationTokenResponse(continuationToken: nil))) == .succeeded(continuationToken: nil))
        #expect(SignUpAnswer(.success(ContinuationTokenResponse(continuationToken: ""))) == .succeeded(continuationToken: nil))
    }

    @Test("credential_required needs its token")
    func credentialRequired() throws {
        #expect(try rejected(#"{"error":"credential_required","continuation_token":"CT3"}"#) == .credentialRequired(continuationToken: "CT3"))
        guard case .unexpected = try rejected(#"{"error":"credential_required"}"#) else { Issue.record("expected unexpected"); return }
    }

    @Test("attributes_required needs its token and a usable list; entries without a name are dropped, defaults filled in")
    func attributesRequired() throws {
        let answer = try rejected("""
            {"error":"attributes_required","continuation_token":"CT3","required_attributes":[
              {"name":"city"},{"type":"string"},{"name":"postalCode","type":"string","required":false,"options":{"regex":"^[0-9]+$"}},7]}
            """)
        #expect(answer == .attributesRequired([
            NativeAuthRequiredAttribute(name: "city", type: "string", required: true),
            NativeAuthRequiredAttribute(name: "postalCode", type: "string", required: false, regex: "^[0-9]+$"),
        ], continuationToken: "CT3"))
        guard case .unexpected = try rejected(#"{"error":"attributes_required","continuation_token":"CT3","required_attributes":[]}"#) else {
            Issue.record("expected unexpected"); return
        }
    }

    @Test("attribute_validation_failed names the attributes (objects or bare names); without names it stays the server's error")
    func attributesInvalid() throws {
        #expect(try rejected(#"{"error":"invalid_grant","suberror":"attribute_validation_failed","invalid_attributes":[{"name":"city"},"postalCode"]}"#)
            == .attributesInvalid(["city", "postalCode"]))
        guard case .rejected = try rejected(#"{"error":"invalid_grant","suberror":"attribute_validation_failed"}"#) else {
            Issue.record("expected the rejection"); return
        }
    }

    @Test("The six password suberrors mean an invalid password where a new password is submitted; other invalid_grants do not")
    func passwordPolicy() throws {
        for suberror in ["password_too_weak", "password_too_short", "password_too_long", "password_recently_used", "password_banned", "password_is_invalid"] {
            let error = ServerErrorResponse(error: .invalidGrant, suberror: ServerSubError(rawValue: suberror))
            #expect(error.isPasswordPolicyRefusal, "\(suberror)")
            #expect(SignUpStep.passwordContinue.outcome(of: error) == ErrorOutcome(.invalidPassword, handsBack: true), "\(suberror)")
            #expect(ServerSubError(rawValue: suberror).isPasswordPolicy)
        }
        #expect(!ServerErrorResponse(error: .invalidGrant, suberror: .invalidOOBValue).isPasswordPolicyRefusal)
        #expect(!ServerErrorResponse(error: .invalidRequest, suberror: .passwordTooWeak).isPasswordPolicyRefusal)
        #expect(SignUpStep.oobContinue.outcome(of: ServerErrorResponse(error: .invalidGrant, suberror: .passwordTooWeak)) == .general)
    }

    @Test("A password-policy rule reads the same in V1's and V2's spelling; another suberror is no rule")
    func passwordPolicyRuleInEitherSpelling() {
        let spellings: [(String, String, ServerSubError)] = [
            ("password_too_weak", "passwordTooWeak", .passwordTooWeak), ("password_too_short", "passwordTooShort", .passwordTooShort),
            ("password_too_long", "passwordTooLong", .passwordTooLong), ("password_recently_used", "passwordRecentlyUsed", .passwordRecentlyUsed),
            ("password_banned", "passwordBanned", .passwordBanned), ("password_is_invalid", "passwordIsInvalid", .passwordIsInvalid),
        ]
        for (v1, v2, rule) in spellings {
            #expect(ServerSubError(rawValue: v1).passwordPolicyRule == rule, "\(v1)")
            #expect(ServerSubError(rawValue: v2).passwordPolicyRule == rule, "\(v2)")
        }
        #expect(ServerSubError.invalidOOBValue.passwordPolicyRule == nil)
        #expect(ServerSubError(rawValue: "password").passwordPolicyRule == nil)
    }
}
