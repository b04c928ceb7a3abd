import Foundation
@testable import NativeAuth
import Testing

/// Every step's table, read without a transport: what each server answer means at the step (the
/// kind of the public error) and whether the step hands its state back. Each table cites the
/// section of docs/PROTOCOL.md it implements.
@Suite("Step tables")
struct StepTableTests {
    private func check(_ rows: [StepTableRow], meaning: (ServerErrorResponse) -> ErrorMeaning,
                       handsBack: (NativeAuthErrorDetails) -> Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        for row in rows {
            let details = row.details(meaning: meaning)
            #expect(details.kind == row.kind, "\(row)", sourceLocation: sourceLocation)
            #expect(handsBack(details) == row.handsBack, "\(row)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Sign-in (docs/PROTOCOL.md §6)

    @Test("Sign-in's code grant (§6.3): a wrong code and no answer hand the code state back")
    func signInCode() {
        let step = SignInStep.oobGrant
        check([
            .init(.server(error: "invalid_grant", suberror: "invalid_oob_value", codes: [50181]), .invalidCode, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant", codes: [50126]), .general, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50053]), .general, handsBack: false),
            .init(.server(error: "expired_token", codes: [552003]), .general, handsBack: false),
            .init(.server(error: "invalid_grant", suberror: "mfa_required"), .browserRequired, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    @Test("Sign-in's password grant (§6.3): 50126 is wrong credentials at the start, a wrong password on its state")
    func signInPassword() {
        check([
            .init(.server(error: "invalid_grant", codes: [50126]), .invalidCredentials, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50034]), .userNotFound, handsBack: false),
            .init(.server(error: "user_not_found"), .userNotFound, handsBack: false),
        ], meaning: SignInStep.passwordGrant.meaning, handsBack: SignInStep.passwordGrant.handsBack)
        let step = SignInStep.submitPassword
        check([
            .init(.server(error: "invalid_grant", codes: [50126]), .invalidPassword, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant", codes: [50034]), .userNotFound, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [55200]), .general, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50053]), .general, handsBack: false),
            .init(.server(error: "invalid_grant", suberror: "registration_required"), .browserRequired, handsBack: false),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    @Test("Sign-in's start (§6.1): unknown user and bad username; no state to hand back")
    func signInStart() {
        let step = SignInStep.initiate
        check([
            .init(.server(error: "user_not_found", codes: [50034]), .userNotFound, handsBack: false),
            .init(.server(error: "invalid_request", codes: [90100], description: "AADSTS90100: username parameter is empty or not valid."),
                  .invalidUsername, handsBack: false),
            .init(.server(error: "invalid_request", codes: [90100], description: "AADSTS90100: client_id parameter is empty."), .general, handsBack: false),
            .init(.server(error: "invalid_client", suberror: "nativeauthapi_disabled"), .general, handsBack: false),
        ], meaning: step.meaning, handsBack: { _ in false })
    }

    @Test("Sign-in's challenge (§6.2, §9.1): introspect_required the flow cannot go on with is browser required")
    func signInChallenge() {
        let step = SignInStep.challenge
        check([
            .init(.server(error: "invalid_request", suberror: "introspect_required"), .browserRequired, handsBack: false),
            .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    @Test("Sign-in's resend (§6.2): a refusal hands back, as MSAL, but not an expired token, a redirect or an unfit answer")
    func signInResend() {
        let step = SignInStep.resend
        check([
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
            .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
            .init(.server(error: "invalid_grant"), .general, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.unexpected, .general, handsBack: false),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    @Test("Sign-in after sign-up or reset (§7.5, §8): a second factor is browser-required; only no answer hands back")
    func signInAfterFlow() {
        let step = SignInStep.continuationGrant
        check([
            .init(.server(error: "invalid_grant", suberror: "mfa_required"), .browserRequired, handsBack: false),
            .init(.server(error: "invalid_grant", suberror: "registration_required"), .browserRequired, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50126]), .general, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.unavailable, .unavailable, handsBack: true),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    // MARK: Sign-up (docs/PROTOCOL.md §7.6)

    @Test("Sign-up's start (§7.1): existing user, bad username, password policy")
    func signUpStart() {
        check([
            .init(.server(error: "user_already_exists"), .userAlreadyExists, handsBack: false),
            .init(.server(error: "invalid_request", codes: [90100], description: "username is not valid"), .invalidUsername, handsBack: false),
            .init(.server(error: "invalid_grant", suberror: "password_too_weak"), .invalidPassword, handsBack: false),
            .init(.server(error: "invalid_grant"), .general, handsBack: false),
        ], meaning: SignUpStep.start.meaning, handsBack: SignUpStep.start.handsBack)
    }

    @Test("Sign-up's code (§7.6): a wrong code and no answer hand back; a password refusal ends the flow")
    func signUpCode() {
        let step = SignUpStep.oobContinue
        check([
            .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant", suberror: "password_too_weak"), .general, handsBack: false),
            .init(.server(error: "user_already_exists"), .general, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50053]), .general, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    @Test("Sign-up's password and attributes (§7.6): a policy refusal hands the password state back")
    func signUpPasswordAndAttributes() {
        check([
            .init(.server(error: "invalid_grant", suberror: "password_banned"), .invalidPassword, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant"), .general, handsBack: false),
        ], meaning: SignUpStep.passwordContinue.meaning, handsBack: SignUpStep.passwordContinue.handsBack)
        check([
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant"), .general, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
        ], meaning: SignUpStep.attributesContinue.meaning, handsBack: SignUpStep.attributesContinue.handsBack)
    }

    @Test("Sign-up's resend (§7.6): a refusal hands back, but not an expired token, a redirect or an unfit answer")
    func signUpResend() {
        let step = SignUpStep.resend
        check([
            .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
            .init(.server(error: "invalid_grant"), .general, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.unexpected, .general, handsBack: false),
        ], meaning: step.meaning, handsBack: step.handsBack)
    }

    // MARK: Password reset (docs/PROTOCOL.md §8.3)

    @Test("Reset's start (§8, §8.1): unknown user, an account without a password, bad username")
    func resetStart() {
        check([
            .init(.server(error: "user_not_found"), .userNotFound, handsBack: false),
            .init(.server(error: "invalid_request", codes: [500222]), .userDoesNotHavePassword, handsBack: false),
            .init(.server(error: "invalid_request", codes: [90100], description: "username is not valid"), .invalidUsername, handsBack: false),
        ], meaning: ResetPasswordStep.start.meaning, handsBack: ResetPasswordStep.start.handsBack)
    }

    @Test("Reset's code, resend, submit and polls (§8.3)")
    func resetSteps() {
        check([
            .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant", codes: [50053]), .general, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
        ], meaning: ResetPasswordStep.codeContinue.meaning, handsBack: ResetPasswordStep.codeContinue.handsBack)
        check([
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
            .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.unexpected, .general, handsBack: false),
        ], meaning: ResetPasswordStep.resend.meaning, handsBack: ResetPasswordStep.resend.handsBack)
        check([
            .init(.server(error: "invalid_grant", suberror: "password_recently_used"), .invalidPassword, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
        ], meaning: ResetPasswordStep.submit.meaning, handsBack: ResetPasswordStep.submit.handsBack)
        check([
            .init(.server(error: "invalid_grant", suberror: "password_too_short"), .invalidPassword, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
        ], meaning: ResetPasswordStep.pollCompletion.meaning, handsBack: ResetPasswordStep.pollCompletion.handsBack)
    }

    // MARK: Strong authentication (docs/PROTOCOL.md §9.3)

    @Test("MFA's challenge, resend and grant (§9.1, §9.3)")
    func mfa() {
        check([
            .init(.server(error: "access_denied", suberror: "provider_blocked_by_rep"), .authMethodBlocked, handsBack: true),
            .init(.server(error: "invalid_request"), .general, handsBack: true),
            .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: false),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.unexpected, .general, handsBack: false),
        ], meaning: MFAStep.challenge.meaning, handsBack: MFAStep.challenge.handsBack)
        // Another challenge once a code was sent: a refusal leaves that code usable, as every resend.
        check([
            .init(.server(error: "access_denied", suberror: "provider_blocked_by_rep"), .authMethodBlocked, handsBack: true),
            .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
            .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.unexpected, .general, handsBack: false),
        ], meaning: MFAStep.resend.meaning, handsBack: MFAStep.resend.handsBack)
        check([
            .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_grant", codes: [50053]), .general, handsBack: false),
            .init(.server(error: "invalid_request"), .general, handsBack: false),
        ], meaning: MFAStep.grant.meaning, handsBack: MFAStep.grant.handsBack)
    }

    @Test("Registration's challenge, resend and submit (§9.2, §9.3)")
    func registration() {
        check([
            .init(.server(error: "invalid_request", codes: [901001]), .invalidInput, handsBack: true),
            .init(.server(error: "access_denied", suberror: "provider_blocked_by_admin"), .contactBlocked, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_request"), .general, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
        ], meaning: RegisterStrongAuthStep.challenge.meaning, handsBack: RegisterStrongAuthStep.challenge.handsBack)
        // Another challenge once a code was sent: a refusal leaves that code usable, as every resend.
        check([
            .init(.server(error: "invalid_request", codes: [901001]), .invalidInput, handsBack: true),
            .init(.server(error: "access_denied", suberror: "provider_blocked_by_admin"), .contactBlocked, handsBack: true),
            .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "expired_token"), .general, handsBack: false),
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.unexpected, .general, handsBack: false),
        ], meaning: RegisterStrongAuthStep.resend.meaning, handsBack: RegisterStrongAuthStep.resend.handsBack)
        check([
            .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
            .init(.unavailable, .unavailable, handsBack: true),
            .init(.server(error: "invalid_request", codes: [901001]), .general, handsBack: false),
            .init(.server(error: "expired_token"), .general, handsBack: false),
        ], meaning: RegisterStrongAuthStep.submit.meaning, handsBack: RegisterStrongAuthStep.submit.handsBack)
    }

    // MARK: Device code (docs/PROTOCOL.md §16.2)

    @Test("Device code's polls (§16.2): expired, declined; only no answer hands the state back")
    func deviceCode() {
        check([
            .init(.server(error: "expired_token"), .web(.deviceCodeExpired), handsBack: false),
            .init(.server(error: "authorization_declined"), .web(.declined), handsBack: false),
            .init(.server(error: "access_denied"), .web(.declined), handsBack: false),
            .init(.server(error: "invalid_grant"), .general, handsBack: false),
            .init(.unavailable, .unavailable, handsBack: true),
        ], meaning: DeviceCodeFlow.meaning, handsBack: DeviceCodeFlow.handsBack)
    }
}
