/// The steps of a V2 journey, and V2's error table: the one place that says what each V2 failure
/// comes to (docs/PROTOCOL.md §26.2), with the public code and whether the state is handed back. A
/// V2 failure is read here as a V1 failure is read in its flow's table, so a public code is still
/// predicted by reading one table; the codes are the same ``NativeAuthErrorCode``s.
///
/// The order of precedence is V1's: what needs the browser (the shared rows of ``ErrorTable``:
/// `state: webFallbackRequired` and `redirect_to_web` arrive as a redirect); then the server ending
/// the whole journey (too many wrong answers, an expired flow, refused scopes, a continuation token
/// the server no longer takes); then the step's own rows; else a general error.
enum JourneyStep: ErrorTable, CaseIterable {
    /// The authorization challenge that opens every journey (`client_id`; docs/PROTOCOL.md §19).
    case entry
    /// An entry link followed with the username: a sign-in's, a sign-up's (with the attributes
    /// submitted before the address is verified), a password reset's.
    case signInStart, signUpStart, resetPasswordStart
    /// A method's first challenge at a flow's start (a code sent, or the password asked for).
    case challenge
    /// A new code asked for on a state that waits for one.
    case resend
    /// A code verified (`otp`): a sign-in's, a sign-up's, a password reset's.
    case verifyCode
    /// A password given to the sign-in's start: a wrong one is invalid credentials, and no state is
    /// handed back (as V1's password grant).
    case passwordAtStart
    /// A password submitted on its own state: a wrong one is handed back.
    case verifyPassword
    /// Attributes submitted on a sign-up's state (a password among them) after the address was verified.
    case attributes
    /// A second factor's first challenge (from ``AwaitingMFAState``), another one (from
    /// ``MFARequiredState``), and its code.
    case mfaChallenge, mfaResend, mfaVerify
    /// A contact to register (from ``RegisterStrongAuthState``), another one once a code was sent,
    /// and the code (`code`, at `activate`).
    case enroll, enrollAgain, activate
    /// A password reset's new password (`PUT`), and the polls that follow it.
    case update, poll
    /// The resume right after the step that finished the journey, and the code's exchange at `/token`.
    case authorize, token
    /// The resume run by a "sign in after a previous flow" state, on its own token.
    case signInAfterFlow

    /// No usable answer: the state's token is still good; the start's steps have no state, the polls
    /// come after the new password was accepted, and the resume after a step spent that step's token.
    var handsBackWithoutAnswer: Bool {
        switch self {
        case .entry, .signInStart, .signUpStart, .resetPasswordStart, .challenge, .passwordAtStart, .poll, .authorize, .token:
            false
        case .resend, .verifyCode, .verifyPassword, .attributes, .mfaChallenge, .mfaResend, .mfaVerify, .enroll, .enrollAgain,
             .activate, .update, .signInAfterFlow:
            true
        }
    }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole journey.
        if error.isJourneyAttemptLimit { return ErrorOutcome(.attemptLimitReached) }
        if error.isJourneyExpired { return ErrorOutcome(.flowExpired) }
        if error.isJourneyInvalidScope { return ErrorOutcome(.invalidScope) }
        if error.isJourneyTokenRefused { return .general }

        switch self {
        case .signInStart, .resetPasswordStart:
            if error.isJourneyUserNotFound { return ErrorOutcome(.userNotFound) }
            if self == .resetPasswordStart, error.isJourneyUserWithoutPassword { return ErrorOutcome(.userDoesNotHavePassword) }
            if error.isJourneyInvalidUsername { return ErrorOutcome(.invalidUsername) }
        case .signUpStart:
            if error.isJourneyUserAlreadyExists { return ErrorOutcome(.userAlreadyExists) }
            if error.isJourneyInvalidUsername { return ErrorOutcome(.invalidUsername) }
            if error.isJourneyPasswordPolicyRefusal { return ErrorOutcome(.invalidPassword) }
            if error.isJourneyInvalidAttributes { return ErrorOutcome(.invalidAttributes) }
        case .resend, .mfaResend:
            return .refusedResend
        case .verifyCode, .mfaVerify, .activate:
            if error.isJourneyWrongCode { return ErrorOutcome(.invalidCode, handsBack: true) }
        case .passwordAtStart:
            if error.isJourneyWrongPassword { return ErrorOutcome(.invalidCredentials) }
            if error.isJourneyUserNotFound { return ErrorOutcome(.userNotFound) }
        case .verifyPassword:
            if error.isJourneyWrongPassword { return ErrorOutcome(.invalidPassword, handsBack: true) }
            if error.isJourneyUserNotFound { return ErrorOutcome(.userNotFound) }
        case .attributes:
            if error.isJourneyPasswordPolicyRefusal { return ErrorOutcome(.invalidPassword, handsBack: true) }
            if error.isJourneyInvalidAttributes { return ErrorOutcome(.invalidAttributes, handsBack: true) }
            if error.isJourneyUserAlreadyExists { return ErrorOutcome(.userAlreadyExists) }
        case .mfaChallenge:
            // Another method may work.
            return ErrorOutcome(.general, handsBack: true)
        case .enroll, .enrollAgain:
            if error.isJourneyInvalidContact { return ErrorOutcome(.invalidInput, handsBack: true) }
            if error.isJourneyProviderBlocked { return .blockedContact }
            if self == .enrollAgain { return .refusedResend }
        case .update, .poll:
            // As V1: a password the policy refuses, also while completing, goes back to the new password.
            if error.isJourneyPasswordPolicyRefusal { return ErrorOutcome(.invalidPassword, handsBack: true) }
        case .entry, .challenge, .authorize, .token, .signInAfterFlow:
            break
        }
        return .general
    }
}
