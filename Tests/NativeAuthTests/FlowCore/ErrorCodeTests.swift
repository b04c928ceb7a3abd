import Foundation
@testable import NativeAuth
import Testing

/// The public code of an error: the step's kind, unless the server said the whole flow is over.
@Suite("Error codes")
struct ErrorCodeTests {
    private func code(_ kind: ErrorKind, _ error: String? = nil, codes: [Int] = []) -> NativeAuthErrorCode {
        let server = error.map { ServerErrorResponse(error: ServerErrorCode(rawValue: $0), errorCodes: codes) }
        return NativeAuthErrorDetails(kind, message: "m", correlationId: UUID(), serverError: server).code
    }

    @Test("Each kind has its code")
    func kinds() {
        #expect(code(.invalidCode) == .invalidCode)
        #expect(code(.authMethodBlocked) == .authMethodBlocked)
        #expect(code(.contactBlocked) == .verificationContactBlocked)
        #expect(code(.unavailable) == .serverUnavailable)
        #expect(code(.web(.deviceCodeExpired)) == .deviceCodeExpired)
        #expect(code(.general, "invalid_grant") == .general)
        #expect(NativeAuthErrorCode.invalidCode.rawValue == "invalid_code")
        #expect(NativeAuthErrorCode(rawValue: "invalid_code") == .invalidCode)
    }

    @Test("The server's attempt limit, expired flow and refused scopes name the code above the step's kind")
    func flowEnds() {
        #expect(code(.general, "invalid_grant", codes: [50053]) == .attemptLimitReached)
        #expect(code(.web(.accessDenied), "access_denied", codes: [50053]) == .attemptLimitReached)
        #expect(code(.general, "expired_token", codes: [552003]) == .flowExpired)
        #expect(code(.web(.deviceCodeExpired), "expired_token") == .flowExpired)
        #expect(code(.general, "invalid_scope") == .invalidScope)
        #expect(code(.invalidScope, "invalid_scope", codes: [70011]) == .invalidScope)
    }

    @Test("A browser-required or unavailable error keeps its code")
    func transportFirst() {
        #expect(code(.browserRequired, "invalid_grant", codes: [50053]) == .browserRequired)
        #expect(code(.unavailable) == .serverUnavailable)
    }

    @Test("The predicates follow the code")
    func predicates() {
        let limited = VerifyCodeError(NativeAuthErrorDetails(
            .general, message: "m", correlationId: UUID(), serverError: ServerErrorResponse(error: .invalidGrant, errorCodes: [50053])))
        #expect(limited.isAttemptLimitReached && !limited.isExpired && limited.code == .attemptLimitReached)
        let expired = ResendCodeError(NativeAuthErrorDetails(.general, message: "m", correlationId: UUID(),
                                                            serverError: ServerErrorResponse(error: .expiredToken)))
        #expect(expired.isExpired && !expired.isAttemptLimitReached)
        #expect(VerifyCodeError(FlowErrorMapping.local(.invalidCode, "m", correlationId: UUID())).code == .invalidCode)
    }
}
