/// The protocol errors the flows recognise, read in one place: the error tables and the answers a
/// flow goes on with (``StrongAuthRequirement``, ``ChallengeAnswer``) name these, and nothing above
/// the wire layer looks at the server's strings.
extension ServerErrorResponse {
    /// `invalid_grant` with `invalid_oob_value`: the one-time code is wrong (or expired) at any step
    /// that takes one (docs/PROTOCOL.md §6, §7, §8, §9).
    var isWrongCode: Bool { error == .invalidGrant && suberror == .invalidOOBValue }

    /// AADSTS50053, with any `error`: too many wrong codes or passwords, the flow (or, for a while,
    /// the account) is locked. The server sends it without `invalid_oob_value`, so no answer is asked
    /// for again.
    var isAttemptLimitReached: Bool { errorCodes.contains(AADSTSCode.attemptLimitReached) }

    /// `invalid_grant` with one of the six password-policy suberrors (`password_too_weak`,
    /// `password_too_short`, `password_too_long`, `password_recently_used`, `password_banned`,
    /// `password_is_invalid`), wherever a new password is submitted (sign-up's start and
    /// `/continue`, a password reset's `/submit` and `/poll_completion`). The suberror stays readable
    /// as the public error's `serverSubError`.
    var isPasswordPolicyRefusal: Bool { error == .invalidGrant && suberror?.isPasswordPolicy == true }

    /// `invalid_grant` with `mfa_required` at `/token`: the sign-in needs a second factor first
    /// (docs/PROTOCOL.md §9.1).
    var requiresMFA: Bool { error == .invalidGrant && suberror == .mfaRequired }

    /// `invalid_grant` with `registration_required` at `/token`: the account must register a second
    /// factor first (docs/PROTOCOL.md §9.2).
    var requiresRegistration: Bool { error == .invalidGrant && suberror == .registrationRequired }

    /// `introspect_required` at sign-in's `/challenge`: the user has no default second factor, so the
    /// methods are listed first (docs/PROTOCOL.md §9.1).
    var isIntrospectRequired: Bool { suberror == .introspectRequired }

    /// `access_denied` with a `provider_blocked…` suberror (`provider_blocked_by_rep`, …): the server
    /// blocked a second factor's method or a contact to register, as risky (docs/PROTOCOL.md §9.3).
    var isProviderBlocked: Bool {
        error == .accessDenied && suberror?.rawValue.hasPrefix("provider_blocked") == true
    }

    /// `invalid_request` naming the verification contact as invalid (`/register/v1.0/challenge`,
    /// MSAL's `invalidVerificationContact`; docs/PROTOCOL.md §9.2).
    var isInvalidVerificationContact: Bool {
        error == .invalidRequest && errorCodes.contains(AADSTSCode.invalidVerificationContact)
    }

    /// `invalid_request` with AADSTS90100 whose description names the username: the start of a flow
    /// refused the username (MSAL reads it the same way; docs/PROTOCOL.md §6.1). The server has no
    /// suberror for it, so this is the one place a description is read.
    var isInvalidUsername: Bool {
        error == .invalidRequest && errorCodes.first == AADSTSCode.invalidParameter
            && (errorDescription ?? "").contains("username")
    }
}
