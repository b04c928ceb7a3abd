import Foundation
@testable import NativeAuth
import Testing

/// Every flow's error table, read without a transport: the public code each failed answer comes to
/// at each step, and whether the step hands its state back. Each table's test has rows for every step,
/// and its rows show every code (with its hand-back) the step can give: the answers of
/// ``FailedRequestCorpus`` fed to the step give nothing the rows do not show. Each table cites the
/// section of docs/PROTOCOL.md it implements.
@Suite("Error tables")
struct StepTableTests {
    struct Given: Hashable, CustomStringConvertible {
        let code: NativeAuthErrorCode
        let handsBack: Bool
        var description: String { "\(code)\(handsBack ? " (hands back)" : "")" }
    }

    /// Checks every row at its step, that every step of the table has rows, and that each step's rows
    /// show every code and hand-back it can give.
    func check<Table: ErrorTable & CaseIterable & Hashable>(
        _ table: [(Table, [StepTableRow])], corpus: [WireRejection] = FailedRequestCorpus.all, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Set(table.map(\.0)) == Set(Table.allCases), "every step of \(Table.self) has rows", sourceLocation: sourceLocation)
        for (step, rows) in table {
            for row in rows {
                let failure = row.failure(at: step)
                #expect(failure.details.code == row.code, "\(step): \(row)", sourceLocation: sourceLocation)
                #expect(failure.handsBack == row.handsBack, "\(step): \(row)", sourceLocation: sourceLocation)
            }
            let shown = Set(rows.map { Given(code: $0.code, handsBack: $0.handsBack) })
            let given = Set(corpus.map { step.outcome(of: $0) }.map { Given(code: $0.code, handsBack: $0.handsBack) })
            #expect(given.subtracting(shown).isEmpty, "\(Table.self).\(step) can give \(given.subtracting(shown)), which no row shows",
                    sourceLocation: sourceLocation)
        }
    }

    /// The rows every step has: the server's redirect to the browser, and the server ending the whole
    /// flow, whatever step it answered (an expired token is `expired`: the device code's own code at
    /// its polls).
    private static func everyStep(expired: NativeAuthErrorCode = .flowExpired) -> [StepTableRow] {
        [
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50053]), .attemptLimitReached, handsBack: false),
            .init(.server(error: "expired_token", codes: [552003]), expired, handsBack: false),
            .init(.server(error: "invalid_scope", codes: [70011]), .invalidScope, handsBack: false),
        ]
    }

    // MARK: Sign-in (docs/PROTOCOL.md §6)

    @Test("Sign-in (§6.1-§6.3): wrong codes and passwords hand their state back; a refused resend too")
    func signIn() {
        check([
            (SignInStep.initiate, [
                .init(.server(error: "user_not_found", codes: [50034]), .userNotFound, handsBack: false),
                .init(.server(error: "invalid_request", codes: [90100], description: "AADSTS90100: username parameter is empty or not valid."),
                      .invalidUsername, handsBack: false),
                .init(.server(error: "invalid_request", codes: [90100], description: "AADSTS90100: client_id parameter is empty."), .general, handsBack: false),
                .init(.server(error: "invalid_client", suberror: "nativeauthapi_disabled"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            // introspect_required the flow cannot go on with (§9.1) is browser required.
            (.challenge, [
                .init(.server(error: "invalid_request", suberror: "introspect_required"), .browserRequired, handsBack: false),
                .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            // As MSAL, a refused resend hands back (§6.2); unlike MSAL, not a flow the server ended.
            (.resend, [
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
                .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
                .init(.server(error: "invalid_grant"), .general, handsBack: true),
            ] + Self.everyStep()),
            (.oobGrant, [
                .init(.server(error: "invalid_grant", suberror: "invalid_oob_value", codes: [50181]), .invalidCode, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant", codes: [50126]), .general, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "mfa_required"), .browserRequired, handsBack: false),
            ] + Self.everyStep()),
            // 50126 is wrong credentials at the start, a wrong password on its own state.
            (.passwordGrant, [
                .init(.server(error: "invalid_grant", codes: [50126]), .invalidCredentials, handsBack: false),
                .init(.server(error: "invalid_grant", codes: [50034]), .userNotFound, handsBack: false),
                .init(.server(error: "user_not_found"), .userNotFound, handsBack: false),
                .init(.server(error: "invalid_grant", codes: [55200]), .general, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "registration_required"), .browserRequired, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.submitPassword, [
                .init(.server(error: "invalid_grant", codes: [50126]), .invalidPassword, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant", codes: [50034]), .userNotFound, handsBack: false),
                .init(.server(error: "invalid_grant", codes: [55200]), .general, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "registration_required"), .browserRequired, handsBack: false),
            ] + Self.everyStep()),
            // After a sign-up or a reset (§7.5, §8): a second factor is browser required; only no answer hands back.
            (.continuationGrant, [
                .init(.server(error: "invalid_grant", suberror: "mfa_required"), .browserRequired, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "registration_required"), .browserRequired, handsBack: false),
                .init(.server(error: "invalid_grant", codes: [50126]), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: true),
            ] + Self.everyStep()),
        ])
    }

    // MARK: Sign-up (docs/PROTOCOL.md §7.6)

    @Test("Sign-up (§7.1, §7.6): a wrong code and a refused password hand back; a password refusal answering a code ends the flow")
    func signUp() {
        check([
            (SignUpStep.start, [
                .init(.server(error: "user_already_exists"), .userAlreadyExists, handsBack: false),
                .init(.server(error: "invalid_request", codes: [90100], description: "username is not valid"), .invalidUsername, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "password_too_weak"), .invalidPassword, handsBack: false),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.challenge, [
                .init(.server(error: "unsupported_challenge_type"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.resend, [
                .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
                .init(.server(error: "invalid_grant"), .general, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
            ] + Self.everyStep()),
            (.oobContinue, [
                .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant", suberror: "password_too_weak"), .general, handsBack: false),
                .init(.server(error: "user_already_exists"), .general, handsBack: false),
            ] + Self.everyStep()),
            (.passwordContinue, [
                .init(.server(error: "invalid_grant", suberror: "password_banned"), .invalidPassword, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
            ] + Self.everyStep()),
            (.attributesContinue, [
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
            ] + Self.everyStep()),
        ])
    }

    // MARK: Password reset (docs/PROTOCOL.md §8.3)

    @Test("Password reset (§8, §8.1, §8.3): a wrong code and a refused password hand back; no answer only before the submit was accepted")
    func resetPassword() {
        check([
            (ResetPasswordStep.start, [
                .init(.server(error: "user_not_found"), .userNotFound, handsBack: false),
                .init(.server(error: "invalid_request", codes: [500222]), .userDoesNotHavePassword, handsBack: false),
                .init(.server(error: "invalid_request", codes: [90100], description: "username is not valid"), .invalidUsername, handsBack: false),
                .init(.server(error: "invalid_request"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.challenge, [
                .init(.server(error: "invalid_request"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.resend, [
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
                .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
            ] + Self.everyStep()),
            (.codeContinue, [
                .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
            ] + Self.everyStep()),
            (.submit, [
                .init(.server(error: "invalid_grant", suberror: "password_recently_used"), .invalidPassword, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
            ] + Self.everyStep()),
            (.pollCompletion, [
                .init(.server(error: "invalid_grant", suberror: "password_too_short"), .invalidPassword, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: false),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
            ] + Self.everyStep()),
        ])
    }

    // MARK: Strong authentication (docs/PROTOCOL.md §9.3)

    @Test("MFA (§9.1, §9.3): a blocked or unknown method and a wrong code hand back; a refused resend too")
    func mfa() {
        check([
            (MFAStep.introspect, [
                .init(.server(error: "invalid_request"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.challenge, [
                .init(.server(error: "access_denied", suberror: "provider_blocked_by_rep"), .authMethodBlocked, handsBack: true),
                .init(.server(error: "invalid_request"), .general, handsBack: true),
                .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: true),
            ] + Self.everyStep()),
            // Another challenge once a code was sent: a refusal leaves that code usable, as every resend.
            (.resend, [
                .init(.server(error: "access_denied", suberror: "provider_blocked_by_rep"), .authMethodBlocked, handsBack: true),
                .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
                .init(.server(error: "invalid_request", codes: [55200]), .general, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
            ] + Self.everyStep()),
            (.grant, [
                .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_request"), .general, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "mfa_required"), .general, handsBack: false),
            ] + Self.everyStep()),
        ])
    }

    @Test("Registration (§9.2, §9.3): a refused or blocked contact and a wrong code hand back; a refused resend too")
    func registration() {
        check([
            (RegisterStrongAuthStep.introspect, [
                .init(.server(error: "invalid_request"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.challenge, [
                .init(.server(error: "invalid_request", codes: [901001]), .invalidInput, handsBack: true),
                .init(.server(error: "access_denied", suberror: "provider_blocked_by_admin"), .verificationContactBlocked, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_request"), .general, handsBack: false),
            ] + Self.everyStep()),
            // Another challenge once a code was sent: a refusal leaves that code usable, as every resend.
            (.resend, [
                .init(.server(error: "invalid_request", codes: [901001]), .invalidInput, handsBack: true),
                .init(.server(error: "access_denied", suberror: "provider_blocked_by_admin"), .verificationContactBlocked, handsBack: true),
                .init(.server(error: "invalid_request", codes: [50196], description: "too many requests"), .general, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
            ] + Self.everyStep()),
            (.submit, [
                .init(.server(error: "invalid_grant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
                .init(.unavailable, .serverUnavailable, handsBack: true),
                .init(.server(error: "invalid_request", codes: [901001]), .general, handsBack: false),
            ] + Self.everyStep()),
            // The method is registered: any failure of the sign-in ends the flow.
            (.signIn, [
                .init(.server(error: "invalid_grant", suberror: "registration_required"), .general, handsBack: false),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
        ])
    }

    // MARK: Browser fallback and the account (docs/PROTOCOL.md §16, §10.4)

    @Test("Device code (§16.2): expired is one code whoever finds it; declined; only no answer hands the state back")
    func deviceCode() {
        check([
            (DeviceCodeStep.start, [
                .init(.server(error: "invalid_request"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.poll, [
                .init(.server(error: "expired_token", codes: [70020]), .deviceCodeExpired, handsBack: false),
                .init(.server(error: "authorization_declined"), .declined, handsBack: false),
                .init(.server(error: "access_denied"), .declined, handsBack: false),
                .init(.server(error: "invalid_grant"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: true),
            ] + Self.everyStep(expired: .deviceCodeExpired)),
        ])
    }

    @Test("Browser (§16.1): the page's access_denied, unless the server locked the account; the code's redemption")
    func browser() {
        check([
            // The browser's `?error=` answer (a redirect or no answer never come from the page).
            (BrowserStep.authorize, [
                .init(.server(error: "access_denied", codes: [65004]), .accessDenied, handsBack: false),
                .init(.server(error: "access_denied", codes: [50053]), .attemptLimitReached, handsBack: false),
                .init(.server(error: "login_required", codes: [50058]), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
            (.token, [
                .init(.server(error: "invalid_grant", codes: [70000]), .general, handsBack: false),
                .init(.server(error: "access_denied"), .general, handsBack: false),
                .init(.unavailable, .serverUnavailable, handsBack: false),
            ] + Self.everyStep()),
        ])
    }

    @Test("Refresh (§10.4): 50076 needs the user, 50142 is general, 65001 is the scopes; other invalid_grant is 'refresh token expired'")
    func refresh() {
        let rows: [StepTableRow] = [
            .init(.server(error: "invalid_grant", codes: [70008]), .refreshTokenExpired, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [70000]), .refreshTokenExpired, handsBack: false),
            .init(.server(error: "expired_refresh_token"), .refreshTokenExpired, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50076]), .interactionRequired, handsBack: false),
            .init(.server(error: "invalid_grant", suberror: "mfa_required"), .interactionRequired, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [65001]), .invalidScope, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50142]), .general, handsBack: false),
            .init(.server(error: "invalid_request"), .general, handsBack: false),
            .init(.unavailable, .serverUnavailable, handsBack: false),
        ] + Self.everyStep()
        check([(RefreshStep.refresh, rows), (.refreshAfterLostAnswer, rows)])
    }
}
