#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// V2's errors as the flows read them (docs/PROTOCOL.md §26): either envelope becomes a
/// ``ServerErrorResponse`` whose `error` is the outer code and `suberror` the inner one, spelt as the
/// server sent them (the public error's `serverError` and `serverSubError` show them so), and the
/// V2 error table (`JourneyStep`) names what it recognises through these predicates, which compare
/// codes without regard to case or underscores (the preview has sent `invalidGrant` and
/// `invalid_grant`), so nothing above the wire layer reads the server's strings.
extension ServerErrorResponse {
    /// The error of a V2 answer: the flat OAuth envelope (kept whole; AADSTS numbers read from the
    /// description when `error_codes` is missing) or the nested HAL one. Nil when the body is neither.
    static func journey(_ body: Data) -> ServerErrorResponse? {
        let decoder = JSONDecoder()
        if var flat = try? decoder.decode(ServerErrorResponse.self, from: body) {
            if flat.errorCodes.isEmpty, let description = flat.errorDescription {
                flat.errorCodes = V2ServerError.aadstsNumbers(in: description)
            }
            return flat
        }
        guard let nested = try? decoder.decode(V2ServerError.self, from: body) else { return nil }
        var error = ServerErrorResponse(
            error: ServerErrorCode(rawValue: nested.code), suberror: nested.innerCode.map(ServerSubError.init(rawValue:)),
            errorDescription: nested.message, errorCodes: nested.errorCodes, correlationId: nested.correlationId)
        error.invalidAttributes = nested.invalidAttributes
        return error
    }

    /// Whether the outer or the inner code is `name`, whatever the case and underscores.
    func names(_ name: String) -> Bool {
        let wanted = HALResponse.normalized(name)
        return HALResponse.normalized(error.rawValue) == wanted || suberror.map { HALResponse.normalized($0.rawValue) } == wanted
    }

    /// The outer code is `name`, whatever the case and underscores.
    private func isOuter(_ name: String) -> Bool {
        HALResponse.normalized(error.rawValue) == HALResponse.normalized(name)
    }

    /// The inner code is `name`, whatever the case and underscores.
    private func isInner(_ name: String) -> Bool {
        suberror.map { HALResponse.normalized($0.rawValue) } == HALResponse.normalized(name)
    }

    /// A wrong one-time code at a step that verifies one: `invalidGrant` with `invalid_oob_value`,
    /// with `invalidContinuationToken` (objc and Android read that pair as a wrong code), or with no
    /// inner code (objc). The journey's token stays good: the same state is asked again.
    var isJourneyWrongCode: Bool {
        isOuter("invalidGrant") && (suberror == nil || isInner("invalidOobValue") || isInner("invalidContinuationToken"))
            && !isJourneyWrongPassword && !isJourneyPasswordPolicyRefusal
    }

    /// A wrong password: `invalidUserNameOrPassword` or AADSTS50126 (objc).
    var isJourneyWrongPassword: Bool {
        names("invalidUserNameOrPassword") || errorCodes.contains(AADSTSCode.invalidCredentials)
    }

    /// No account has this username: `userNotFound`, or AADSTS50034 in the message (objc, Android).
    var isJourneyUserNotFound: Bool { names("userNotFound") || errorCodes.contains(AADSTSCode.userNotFound) }

    /// A continuation token the server no longer takes: `invalidContinuationToken` with an outer code
    /// other than `invalidGrant` (objc's "general error": the app cannot act on it), or AADSTS55200.
    var isJourneyTokenRefused: Bool {
        (isInner("invalidContinuationToken") && !isOuter("invalidGrant")) || errorCodes.contains(AADSTSCode.invalidContinuationToken)
    }

    /// The server's flow is over because its token expired: `expiredToken` (V1's `expired_token`), or
    /// V1's AADSTS552003 whatever the codes (the emulator's `invalidRequest`/`invalidContinuationToken`).
    var isJourneyExpired: Bool { names("expiredToken") || errorCodes.contains(AADSTSCode.expiredContinuationToken) }

    /// Too many wrong answers: `attemptsExceeded` (the emulator's; no source names one) or AADSTS50053.
    var isJourneyAttemptLimit: Bool { names("attemptsExceeded") || errorCodes.contains(AADSTSCode.attemptLimitReached) }

    /// A new password the policy refuses: one of V1's six policy suberrors, in either spelling, as
    /// the inner code (`passwordTooWeak`: objc, Android).
    var isJourneyPasswordPolicyRefusal: Bool {
        suberror?.passwordPolicyRule != nil
    }

    /// A sign-up for a username that already has an account.
    var isJourneyUserAlreadyExists: Bool { names("userAlreadyExists") }

    /// Attribute values the server refused (`invalidAttributes`, or V1's `attribute_validation_failed`).
    var isJourneyInvalidAttributes: Bool { names("invalidAttributes") || names("attributeValidationFailed") }

    /// A password reset for an account without a password (AADSTS500222, as V1).
    var isJourneyUserWithoutPassword: Bool { errorCodes.contains(AADSTSCode.userDoesNotHavePassword) }

    /// A username the server refuses as malformed: `invalidRequest` with AADSTS90100 naming the username.
    var isJourneyInvalidUsername: Bool {
        isOuter("invalidRequest") && errorCodes.first == AADSTSCode.invalidParameter && (errorDescription ?? "").contains("username")
    }

    /// A contact to register the server refuses as invalid (AADSTS901001, as V1).
    var isJourneyInvalidContact: Bool { errorCodes.contains(AADSTSCode.invalidVerificationContact) }

    /// A contact the server blocked: `accessDenied` with an inner `providerBlocked…` code (V1's
    /// `provider_blocked_by_rep` in either spelling).
    var isJourneyProviderBlocked: Bool {
        isOuter("accessDenied") && suberror.map { HALResponse.normalized($0.rawValue).hasPrefix("providerblocked") } == true
    }

    /// The requested scopes refused at `/token`.
    var isJourneyInvalidScope: Bool { names("invalidScope") }

    /// The attribute names a sign-up's refusal gives: its list (``invalidAttributes``), else the names
    /// its message lists after its last colon (`…: country, city`), each a plain attribute name.
    var journeyInvalidAttributeNames: [String] {
        let names: [String]
        if !invalidAttributes.isEmpty {
            names = invalidAttributes
        } else if let message = errorDescription, let colon = message.lastIndex(of: ":") {
            names = message[message.index(after: colon)...].split(separator: ",").map { $0.trimmed(TrimmedCharacters(" .\t\n")) }
        } else {
            names = []
        }
        return names.filter { !$0.isEmpty && $0.count <= 256 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }
    }
}
