import Foundation
@testable import NativeAuth

/// One row of a flow's error table: a failed answer (a protocol error, the server's redirect, no
/// usable answer), the public code the step makes of it, and whether the step hands its state back.
struct StepTableRow: CustomStringConvertible {
    enum Answer {
        case server(error: String, suberror: String? = nil, codes: [Int] = [], description: String? = nil)
        /// No usable answer: a 503.
        case unavailable
        /// The server's redirect to the browser.
        case redirect
    }

    let answer: Answer
    let code: NativeAuthErrorCode
    let handsBack: Bool

    init(_ answer: Answer, _ code: NativeAuthErrorCode, handsBack: Bool) {
        self.answer = answer
        self.code = code
        self.handsBack = handsBack
    }

    /// The rejection as the wire gives it to a flow.
    var rejection: WireRejection {
        switch answer {
        case .server(let error, let suberror, let codes, let description):
            return .protocolError(ServerErrorResponse(error: ServerErrorCode(rawValue: error), suberror: suberror.map { ServerSubError(rawValue: $0) },
                                                      errorDescription: description, errorCodes: codes), status: 400)
        case .unavailable:
            return .unavailable(WireFailure(kind: .unexpectedStatus(503)))
        case .redirect:
            return .redirect(reason: nil)
        }
    }

    /// The failure the flow builds for this row's answer at `step`, as ``FlowContext/failure(_:at:)`` does.
    func failure(at step: some ErrorTable) -> StepFailure {
        FlowErrorMapping.failure(rejection, correlationId: UUID(), at: step)
    }

    var description: String { "\(answer) → \(code), hands back: \(handsBack)" }
}

/// Failed requests of every shape the tables tell apart: each `error` the library names (and one it
/// does not) with no suberror and with each suberror it names, with no AADSTS code and with each code
/// it reads, plus a redirect and no answer. Feeding them to a step gives every outcome it can give.
enum FailedRequestCorpus {
    static let errors: [ServerErrorCode] = [
        .invalidRequest, .invalidClient, .unauthorizedClient, .invalidGrant, .expiredToken, .expiredRefreshToken, .userNotFound,
        .unsupportedChallengeType, .invalidScope, .unsupportedGrantType, .accessDenied, .credentialRequired, .attributesRequired,
        .userAlreadyExists, .verificationRequired, .authorizationPending, .slowDown, .authorizationDeclined,
        ServerErrorCode(rawValue: "server_error"),
    ]
    static let suberrors: [ServerSubError?] = [
        nil, .invalidOOBValue, .mfaRequired, .registrationRequired, .introspectRequired, .nativeAuthAPIDisabled,
        .attributeValidationFailed, .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned,
        .passwordIsInvalid, ServerSubError(rawValue: "provider_blocked_by_rep"), ServerSubError(rawValue: "some_new_suberror"),
    ]
    static let codeLists: [[Int]] = [
        [], [AADSTSCode.userNotFound], [AADSTSCode.invalidCredentials], [AADSTSCode.invalidParameter], [AADSTSCode.strongAuthRequired],
        [AADSTSCode.passwordChangeRequired], [AADSTSCode.consentRequired], [AADSTSCode.userDoesNotHavePassword],
        [AADSTSCode.invalidVerificationContact], [AADSTSCode.invalidContinuationToken], [AADSTSCode.attemptLimitReached],
        [RefreshStep.invalidRefreshToken], [50196],
    ]

    static let all: [WireRejection] = {
        var rejections: [WireRejection] = [.redirect(reason: nil), .unavailable(WireFailure(kind: .unexpectedStatus(503)))]
        for error in errors {
            for suberror in suberrors {
                for codes in codeLists {
                    for description in [nil, "AADSTS\(codes.first ?? 0): the username is not valid."] {
                        rejections.append(.protocolError(ServerErrorResponse(error: error, suberror: suberror, errorDescription: description,
                                                                             errorCodes: codes), status: 400))
                    }
                }
            }
        }
        return rejections
    }()
}
