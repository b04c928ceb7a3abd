/// The steps of a sign-in, and what the server's protocol errors mean at each of them (MSAL's
/// sign-in validators, with the improvements listed in docs/PROTOCOL.md).
enum SignInStep {
    case initiate, challenge, resend, oobGrant, passwordGrant

    func meaning(of error: ServerErrorResponse) -> ErrorMeaning {
        let firstCode = error.errorCodes.first
        switch (self, error.error) {
        case (.initiate, .userNotFound):
            return ErrorMeaning(.userNotFound)
        case (.initiate, .invalidRequest) where firstCode == AADSTSCode.invalidParameter
            && (error.errorDescription ?? "").contains("username"):
            return ErrorMeaning(.invalidUsername)
        case (.oobGrant, .invalidGrant) where error.suberror == .invalidOOBValue:
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
        default:
            return .general
        }
    }
}
