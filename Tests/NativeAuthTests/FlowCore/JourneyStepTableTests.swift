import Foundation
@testable import NativeAuth
import Testing

/// V2's failed answers, of every shape V2's table tells apart: each code it names, in camelCase and
/// snake_case, as the outer code alone and with each inner code it names, with no AADSTS number and
/// with each it reads (from `error_codes` or the message), plus a redirect and no answer.
enum JourneyErrorCorpus {
    static let outer = [
        "invalidGrant", "invalid_grant", "invalidRequest", "userNotFound", "userAlreadyExists", "invalidAttributes", "expiredToken",
        "expired_token", "invalidScope", "attemptsExceeded", "InsufficientAuthorization", "unauthorized_client", "somethingNew",
    ]
    static let inner: [String?] = [
        nil, "invalid_oob_value", "invalidOobValue", "invalidContinuationToken", "invalidUserNameOrPassword", "passwordTooWeak",
        "password_too_short", "passwordBanned", "attemptsExceeded", "attributeValidationFailed", "somethingElse",
    ]
    static let codeLists: [[Int]] = [
        [], [AADSTSCode.userNotFound], [AADSTSCode.invalidCredentials], [AADSTSCode.invalidParameter], [AADSTSCode.userDoesNotHavePassword],
        [AADSTSCode.invalidVerificationContact], [AADSTSCode.invalidContinuationToken], [AADSTSCode.attemptLimitReached], [50181],
    ]

    static let all: [WireRejection] = {
        var rejections: [WireRejection] = [.redirect(reason: nil), .unavailable(WireFailure(kind: .unexpectedStatus(503)))]
        for error in outer {
            for suberror in inner {
                for codes in codeLists {
                    for description in [nil, "AADSTS\(codes.first ?? 0): the username is not valid."] {
                        rejections.append(.protocolError(ServerErrorResponse(
                            error: ServerErrorCode(rawValue: error), suberror: suberror.map(ServerSubError.init(rawValue:)),
                            errorDescription: description, errorCodes: codes), status: 400))
                    }
                }
            }
        }
        return rejections
    }()
}

extension StepTableTests {
    /// What ends a whole V2 journey, at every step.
    private static func journeyEnds() -> [StepTableRow] {
        [
            .init(.redirect, .browserRequired, handsBack: false),
            .init(.server(error: "invalidGrant", suberror: "attemptsExceeded"), .attemptLimitReached, handsBack: false),
            .init(.server(error: "invalid_grant", codes: [50053]), .attemptLimitReached, handsBack: false),
            .init(.server(error: "expiredToken"), .flowExpired, handsBack: false),
            // The documented expired-token number (V1's), whatever the codes: the emulator's expired V2 token.
            .init(.server(error: "invalidRequest", suberror: "invalidContinuationToken", codes: [552003]), .flowExpired, handsBack: false),
            .init(.server(error: "invalidScope"), .invalidScope, handsBack: false),
            .init(.server(error: "invalidRequest", suberror: "invalidContinuationToken"), .general, handsBack: false),
        ]
    }

    private static func rows(_ step: JourneyStep, _ own: [StepTableRow]) -> (JourneyStep, [StepTableRow]) {
        let unavailable = StepTableRow(.unavailable, .serverUnavailable, handsBack: step.handsBackWithoutAnswer)
        let general = StepTableRow(.server(error: "somethingNew"), .general, handsBack: [.mfaChallenge, .resend, .mfaResend, .enrollAgain].contains(step))
        return (step, journeyEnds() + own + [unavailable, general])
    }

    @Test("V2 (§26.2): one table for every journey; codes read in either spelling, AADSTS numbers from the message")
    func journey() {
        let policy = StepTableRow(.server(error: "invalidGrant", suberror: "passwordTooWeak"), .invalidPassword, handsBack: false)
        let policySnake = StepTableRow(.server(error: "invalid_grant", suberror: "password_too_short"), .invalidPassword, handsBack: false)
        let wrongCode = [
            StepTableRow(.server(error: "invalidGrant", suberror: "invalid_oob_value"), .invalidCode, handsBack: true),
            StepTableRow(.server(error: "invalid_grant", suberror: "invalidContinuationToken"), .invalidCode, handsBack: true),
            StepTableRow(.server(error: "invalidGrant"), .invalidCode, handsBack: true),
        ]
        let userNotFound = [
            StepTableRow(.server(error: "userNotFound"), .userNotFound, handsBack: false),
            StepTableRow(.server(error: "invalidRequest", codes: [50034]), .userNotFound, handsBack: false),
        ]
        let blocked = StepTableRow(.server(error: "accessDenied", suberror: "providerBlockedByRep"), .verificationContactBlocked, handsBack: true)
        let invalidUsername = StepTableRow(.server(error: "invalidRequest", codes: [90100], description: "AADSTS90100: username parameter is empty."),
                                           .invalidUsername, handsBack: false)
        check([
            Self.rows(.entry, [.init(.server(error: "unauthorized_client"), .general, handsBack: false)]),
            Self.rows(.signInStart, userNotFound + [invalidUsername]),
            Self.rows(.resetPasswordStart, userNotFound + [invalidUsername,
                      .init(.server(error: "invalidRequest", codes: [500222]), .userDoesNotHavePassword, handsBack: false)]),
            Self.rows(.signUpStart, [
                .init(.server(error: "userAlreadyExists"), .userAlreadyExists, handsBack: false), invalidUsername, policy, policySnake,
                .init(.server(error: "invalidAttributes"), .invalidAttributes, handsBack: false),
                .init(.server(error: "invalid_grant", suberror: "attribute_validation_failed"), .invalidAttributes, handsBack: false),
            ]),
            Self.rows(.challenge, []),
            Self.rows(.resend, [.init(.server(error: "invalidGrant"), .general, handsBack: true)]),
            Self.rows(.mfaResend, [.init(.server(error: "invalidRequest"), .general, handsBack: true)]),
            Self.rows(.verifyCode, wrongCode),
            Self.rows(.mfaVerify, wrongCode),
            Self.rows(.activate, wrongCode),
            Self.rows(.passwordAtStart, userNotFound + [
                .init(.server(error: "invalidGrant", suberror: "invalidUserNameOrPassword"), .invalidCredentials, handsBack: false),
                .init(.server(error: "invalid_grant", codes: [50126]), .invalidCredentials, handsBack: false),
            ]),
            Self.rows(.verifyPassword, userNotFound + [
                .init(.server(error: "invalidGrant", suberror: "invalidUserNameOrPassword"), .invalidPassword, handsBack: true),
                .init(.server(error: "invalidGrant", codes: [50126]), .invalidPassword, handsBack: true),
            ]),
            Self.rows(.attributes, [
                .init(.server(error: "invalidGrant", suberror: "passwordBanned"), .invalidPassword, handsBack: true),
                .init(.server(error: "invalidAttributes"), .invalidAttributes, handsBack: true),
                .init(.server(error: "userAlreadyExists"), .userAlreadyExists, handsBack: false),
            ]),
            Self.rows(.mfaChallenge, [.init(.server(error: "invalidRequest"), .general, handsBack: true)]),
            Self.rows(.enroll, [.init(.server(error: "invalidRequest", codes: [901001]), .invalidInput, handsBack: true), blocked]),
            Self.rows(.enrollAgain, [
                .init(.server(error: "invalidRequest", codes: [901001]), .invalidInput, handsBack: true), blocked,
                .init(.server(error: "invalidRequest"), .general, handsBack: true),
            ]),
            Self.rows(.update, [.init(.server(error: "invalidGrant", suberror: "passwordTooWeak"), .invalidPassword, handsBack: true)]),
            Self.rows(.poll, [.init(.server(error: "invalid_grant", suberror: "password_recently_used"), .invalidPassword, handsBack: true)]),
            Self.rows(.authorize, []),
            Self.rows(.token, []),
            Self.rows(.signInAfterFlow, []),
        ], corpus: JourneyErrorCorpus.all)
    }
}
