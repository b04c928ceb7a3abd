#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a protocol error means for one step of one flow: the kind of public error it becomes, and
/// optionally a sentence of the library's put before the server's own description.
struct ErrorMeaning: Sendable, Equatable {
    let kind: ErrorKind
    var prefix: String? = nil

    init(_ kind: ErrorKind, prefix: String? = nil) {
        self.kind = kind
        self.prefix = prefix
    }

    /// A protocol error the step has no better name for (MSAL's "general error").
    static let general = ErrorMeaning(.general)

    /// `invalid_grant` with `mfa_required` or `registration_required` at `/token` that the flow cannot
    /// go on with natively (the app did not advertise the capability, or the answer has no
    /// continuation token): the app must fall back to the browser. Nil for any other error.
    static func strongAuthentication(_ error: ServerErrorResponse) -> ErrorMeaning? {
        guard error.error == .invalidGrant,
              error.suberror == .mfaRequired || error.suberror == .registrationRequired
        else { return nil }
        let what = error.suberror == .mfaRequired
            ? "The server requires multi-factor authentication"
            : "The server requires registering a strong authentication method"
        let capability = error.suberror == .mfaRequired ? ".mfaRequired" : ".registrationRequired"
        return ErrorMeaning(.browserRequired, prefix: "\(what), which the app cannot do natively without the \(capability) capability: sign in through the browser.")
    }

    /// `invalid_grant` with one of the six password-policy suberrors (`password_too_weak`,
    /// `password_too_short`, `password_too_long`, `password_recently_used`, `password_banned`,
    /// `password_is_invalid`), wherever a new password is submitted (sign-up's start and
    /// `/continue`, a password reset's `/submit` and `/poll_completion`): an invalid password, whose
    /// description is the server's. The suberror stays readable as `serverSubError`. Nil for any
    /// other error.
    static func passwordPolicy(_ error: ServerErrorResponse) -> ErrorMeaning? {
        guard error.error == .invalidGrant, let suberror = error.suberror, suberror.isPasswordPolicy else { return nil }
        return ErrorMeaning(.invalidPassword)
    }
}
