/// The steps of a sign-in, and the one place that says what the server's protocol errors mean at
/// each of them (MSAL's sign-in validators, with the improvements listed in docs/PROTOCOL.md §6) and
/// which failures hand the state back.
enum SignInStep {
    case initiate, challenge, resend, oobGrant
    /// The password grant with the password given to the start.
    case passwordGrant
    /// The password grant with a password submitted on its own state: wrong credentials are a wrong
    /// password there.
    case submitPassword
    /// The `continuation_token` grant that signs the user in after a sign-up or a password reset
    /// (docs/PROTOCOL.md §6.3, §7.5, §8).
    case continuationGrant

    func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        if self == .submitPassword {
            let meaning = SignInStep.passwordGrant.meaning(of: error)
            return meaning.kind == .invalidCredentials ? ErrorMeaning(.invalidPassword, prefix: meaning.prefix) : meaning
        }
        let firstCode = error.errorCodes.first
        switch (self, error.error) {
        case (.initiate, .userNotFound):
            return ErrorMeaning(.userNotFound)
        case (.initiate, .invalidRequest) where error.isInvalidUsername:
            return ErrorMeaning(.invalidUsername)
        case (.challenge, _) where error.suberror == .introspectRequired:
            // Gone on with (the methods are listed) when the app advertised mfa_required and the
            // answer carries a token; else the app cannot choose a second factor natively.
            return ErrorMeaning(.browserRequired, prefix: "The server requires choosing a strong authentication method, which the app cannot do natively without the .mfaRequired capability: sign in through the browser.")
        case (.oobGrant, .invalidGrant) where error.isWrongCode:
            return ErrorMeaning(.invalidCode)
        case (.oobGrant, .invalidGrant), (.passwordGrant, .invalidGrant):
            if let strong = ErrorMeaning.strongAuthentication(error) { return strong }
            // Only 50126 means a wrong password; 50034 is an unknown user. Other codes (a bad or
            // expired continuation token, a locked account) end the flow: no retry that would loop.
            guard self == .passwordGrant, error.suberror == nil else { return .general }
            switch firstCode {
            case AADSTSCode.invalidCredentials: return ErrorMeaning(.invalidCredentials)
            case AADSTSCode.userNotFound: return ErrorMeaning(.userNotFound)
            default: return .general
            }
        case (.passwordGrant, .userNotFound):
            return ErrorMeaning(.userNotFound)
        case (.continuationGrant, _):
            // As MSAL: anything but a second factor the app cannot do natively is a general error.
            return ErrorMeaning.strongAuthentication(error) ?? .general
        default:
            return .general
        }
    }

    /// Whether a failure of this step's own request leaves the state's token good, so the state it
    /// was called on is handed back: no answer, a wrong code or password (the grants on their
    /// states), a refused resend (the code already sent still works: ``NativeAuthErrorDetails/leavesSentCodeUsable``,
    /// as MSAL, docs/PROTOCOL.md §6.2). The start's steps have no state to hand back; a failure
    /// after the request (storing the account, listing second factors) always ends the flow.
    func handsBack(_ details: NativeAuthErrorDetails) -> Bool {
        if self == .resend { return details.leavesSentCodeUsable }
        switch details.kind {
        case .unavailable: return true
        case .invalidCode: return self == .oobGrant
        case .invalidPassword: return self == .submitPassword
        default: return false
        }
    }
}
