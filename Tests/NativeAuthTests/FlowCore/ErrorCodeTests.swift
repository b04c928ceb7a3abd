import Foundation
@testable import NativeAuth
import Testing

/// The public code of an error: the one its step's table decides (the server's word on the whole
/// flow above the step's meaning), and the predicates that follow it.
@Suite("Error codes")
struct ErrorCodeTests {
    private func failure(_ error: String, suberror: String? = nil, codes: [Int] = [], at step: some ErrorTable) -> NativeAuthErrorDetails {
        let server = ServerErrorResponse(error: ServerErrorCode(rawValue: error), suberror: suberror.map { ServerSubError(rawValue: $0) },
                                         errorCodes: codes)
        return FlowErrorMapping.failure(.protocolError(server, status: 400), correlationId: UUID(), at: step).details
    }

    @Test("Codes are stable names")
    func names() {
        #expect(NativeAuthErrorCode.invalidCode.rawValue == "invalid_code")
        #expect(NativeAuthErrorCode(rawValue: "invalid_code") == .invalidCode)
        #expect(NativeAuthErrorCode.deviceCodeExpired.rawValue == "device_code_expired")
        #expect(FlowErrorMapping.local(.invalidCode, "m", correlationId: UUID()).code == .invalidCode)
    }

    @Test("The server's attempt limit, expired flow and refused scopes outrank the step's meaning")
    func flowEnds() {
        // A wrong code the server also counts as the last one: the attempt limit, and nothing handed back.
        let limited = FlowErrorMapping.failure(.protocolError(ServerErrorResponse(error: .invalidGrant, suberror: .invalidOOBValue,
                                                                                  errorCodes: [50053]), status: 400),
                                               correlationId: UUID(), at: SignInStep.oobGrant)
        #expect(limited.details.code == .attemptLimitReached && !limited.handsBack)
        #expect(failure("access_denied", codes: [50053], at: BrowserStep.authorize).code == .attemptLimitReached)
        #expect(failure("expired_token", codes: [552003], at: SignUpStep.oobContinue).code == .flowExpired)
        #expect(failure("invalid_scope", codes: [65001], at: RefreshStep.refresh).code == .invalidScope)
    }

    @Test("A second factor the app cannot do is browser required, even when the server also ends the flow")
    func browserFirst() {
        #expect(failure("invalid_grant", suberror: "mfa_required", codes: [50053], at: SignInStep.oobGrant).code == .browserRequired)
        #expect(failure("expired_token", suberror: "introspect_required", at: SignInStep.challenge).code == .browserRequired)
    }

    @Test("The device code's expiry is one code, whether the server says so or the library finds it")
    func deviceCodeExpiry() {
        let server = DeviceCodeError(failure("expired_token", codes: [70020], at: DeviceCodeStep.poll))
        let local = DeviceCodeError(FlowErrorMapping.local(.deviceCodeExpired, "expired here", correlationId: UUID()))
        for error in [server, local] {
            #expect(error.code == .deviceCodeExpired)
            #expect(error.isExpired)
            #expect((error as any NativeAuthError).isExpired)
        }
    }

    @Test("The predicates follow the code")
    func predicates() {
        let limited = VerifyCodeError(failure("invalid_grant", suberror: "invalid_oob_value", codes: [50053], at: SignInStep.oobGrant))
        #expect(limited.isAttemptLimitReached && !limited.isExpired && !limited.isInvalidCode && limited.code == .attemptLimitReached)
        let expired = ResendCodeError(failure("expired_token", at: SignInStep.resend))
        #expect(expired.isExpired && !expired.isAttemptLimitReached)
        let wrong = VerifyCodeError(failure("invalid_grant", suberror: "invalid_oob_value", at: SignInStep.oobGrant))
        #expect(wrong.isInvalidCode && wrong.code == .invalidCode)
        let lockedOnThePage = InteractiveTokenError(failure("access_denied", codes: [50053], at: BrowserStep.authorize))
        #expect(lockedOnThePage.isAttemptLimitReached && !lockedOnThePage.isAccessDenied)
        let unavailable = VerifyCodeError(FlowErrorMapping.failure(.unavailable(WireFailure(kind: .unexpectedStatus(503))), correlationId: UUID(),
                                                                   at: SignInStep.oobGrant).details)
        #expect(unavailable.isServerUnavailable && unavailable.code == .serverUnavailable)
        let redirect = VerifyCodeError(FlowErrorMapping.failure(.redirect(reason: nil), correlationId: UUID(), at: SignInStep.oobGrant).details)
        #expect(redirect.isBrowserRequired && redirect.code == .browserRequired)
    }
}
