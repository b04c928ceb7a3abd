/// What one failure at one step comes to, as the step's error table says (its `outcome(of:)`): the
/// public code, a sentence of the library's put before the server's own description, and whether the
/// state the step was called on is handed back (its token is still good, so the user can try again
/// on it).
struct ErrorOutcome: Sendable, Equatable {
    let code: NativeAuthErrorCode
    var prefix: String? = nil
    var handsBack = false

    init(_ code: NativeAuthErrorCode, prefix: String? = nil, handsBack: Bool = false) {
        self.code = code
        self.prefix = prefix
        self.handsBack = handsBack
    }

    /// A failure the step has no better name for (MSAL's "general error"): the flow ends.
    static let general = ErrorOutcome(.general)

    /// A refused resend (a `/challenge` asked for another code once one was sent): the code already
    /// sent is still usable, so the state is handed back, in every flow that sends codes (sign-in,
    /// sign-up, password reset, a second factor and its registration), as MSAL
    /// (`MSALNativeAuthSignInController`'s resend branch). The tables put this row after
    /// ``flowEnd(_:)``: unlike MSAL, a flow the server says is over (an expired token, the attempt
    /// limit) hands nothing back, and neither does a redirect.
    static let refusedResend = ErrorOutcome(.general, handsBack: true)

    /// A contact to register the server blocked (a number its reputation checks refuse): another
    /// one may work, so the state is handed back (V1's `provider_blocked_by_rep`, V2's
    /// `providerBlockedByRep`).
    static let blockedContact = ErrorOutcome(
        .verificationContactBlocked, prefix: "The server blocked the verification contact provided.", handsBack: true)

    /// The rows every table puts right after its browser-required ones: the server says the flow as
    /// a whole is over, whatever step it answered, and that outranks what the error means at the step.
    /// Too many wrong codes or passwords (AADSTS50053, with any `error`), the flow's token expired
    /// (`expired_token`), the requested scopes refused (`invalid_scope`). Nil for any other error.
    static func flowEnd(_ error: ServerErrorResponse) -> ErrorOutcome? {
        if error.isAttemptLimitReached { return ErrorOutcome(.attemptLimitReached) }
        switch error.error {
        case .expiredToken: return ErrorOutcome(.flowExpired)
        case .invalidScope: return ErrorOutcome(.invalidScope)
        default: return nil
        }
    }

    /// `invalid_grant` with `mfa_required` or `registration_required` at `/token` that the flow did
    /// not go on with (the app did not advertise the capability, or the answer has no continuation
    /// token: ``StrongAuthRequirement/kind(of:capabilities:)``): the app must fall back to the
    /// browser. Nil for any other error.
    static func strongAuthentication(_ error: ServerErrorResponse) -> ErrorOutcome? {
        let what: String, capability: String
        if error.requiresMFA {
            (what, capability) = ("The server requires multi-factor authentication", ".mfaRequired")
        } else if error.requiresRegistration {
            (what, capability) = ("The server requires registering a strong authentication method", ".registrationRequired")
        } else {
            return nil
        }
        return ErrorOutcome(.browserRequired,
                            prefix: "\(what), which the app cannot do natively without the \(capability) capability: sign in through the browser.")
    }
}
