import Foundation

/// Turns what the server answered into the details of a public error, for one kind of step.
///
/// Branches on `error` and `suberror`; AADSTS numbers are used only where the SDKs use them.
enum StepFailure {
    enum Step {
        case initiate, challenge, resend, passwordGrant, oobGrant, refresh
    }

    /// The details for an outcome that was not a success.
    static func details<S>(_ outcome: WireOutcome<S>, step: Step, correlationId: UUID) -> NativeAuthErrorDetails {
        switch outcome {
        case .success:
            return NativeAuthErrorDetails(
                .serverError, message: "The server's answer does not fit this step of the flow.",
                correlationId: correlationId)
        case .redirect(let reason):
            return browserRequired(reason: reason, correlationId: correlationId)
        case .failure(let failure):
            return NativeAuthErrorDetails(.unavailable, message: failure.message, correlationId: correlationId, failure: failure)
        case .protocolError(let error):
            let kind = kind(of: error, step: step)
            return NativeAuthErrorDetails(
                kind, message: message(for: kind, error: error), correlationId: correlationId, serverError: error)
        }
    }

    static func browserRequired(reason: String?, correlationId: UUID) -> NativeAuthErrorDetails {
        var message = "A browser sign-in is required: the server cannot complete this sign-in natively"
        if let reason, !reason.isEmpty { message += " (\(reason))" }
        message += ". Sign in through the web flow, or use a method this account supports."
        return NativeAuthErrorDetails(.browserRequired, message: message, correlationId: correlationId)
    }

    static func local(_ kind: ErrorKind, _ message: String, correlationId: UUID) -> NativeAuthErrorDetails {
        NativeAuthErrorDetails(kind, message: message, correlationId: correlationId)
    }

    private static func kind(of error: ServerErrorResponse, step: Step) -> ErrorKind {
        let firstCode = error.errorCodes.first
        switch (step, error.error) {
        case (_, .userNotFound):
            return .userNotFound
        case (.initiate, .invalidRequest) where firstCode == AADSTSCode.invalidParameter
            && (error.errorDescription ?? "").contains("username"):
            return .invalidUsername
        case (.oobGrant, .invalidGrant) where error.suberror == .invalidOOBValue:
            return .invalidCode
        case (.passwordGrant, .invalidGrant) where error.suberror == nil && firstCode == AADSTSCode.userNotFound:
            return .userNotFound
        case (.passwordGrant, .invalidGrant) where error.suberror == nil:
            return .invalidCredentials
        case (.refresh, .invalidGrant), (.refresh, .expiredRefreshToken):
            return .refreshTokenExpired
        case (.refresh, .invalidScope):
            return .invalidScope
        default:
            return .serverError
        }
    }

    private static func message(for kind: ErrorKind, error: ServerErrorResponse) -> String {
        switch kind {
        case .userNotFound: return "No account was found for this username."
        case .invalidUsername: return "The username is empty or not valid."
        case .invalidCredentials: return "The username or password is wrong."
        case .invalidCode: return "The code is wrong."
        case .refreshTokenExpired: return "The session has expired or was revoked: sign in again."
        case .invalidScope: return "The server refused the requested scopes."
        default: break
        }
        if error.error == .expiredToken {
            return "The sign-in took too long and expired: start again."
        }
        var text = "The server refused the request (\(error.error)"
        if let sub = error.suberror { text += ", \(sub)" }
        text += ")"
        if let first = error.errorDescription?.components(separatedBy: CharacterSet.newlines).first,
           !first.isEmpty {
            text += ": \(first)"
        }
        return text
    }
}
