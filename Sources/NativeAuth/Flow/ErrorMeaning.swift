import Foundation

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

    /// `invalid_grant` with `mfa_required` or `registration_required` at `/token`: the server wants a
    /// second factor (or its registration), which this library cannot do natively yet, so the app
    /// must fall back to the browser. Nil for any other error.
    static func strongAuthentication(_ error: ServerErrorResponse) -> ErrorMeaning? {
        guard error.error == .invalidGrant,
              error.suberror == .mfaRequired || error.suberror == .registrationRequired
        else { return nil }
        let what = error.suberror == .mfaRequired
            ? "The server requires multi-factor authentication"
            : "The server requires registering a strong authentication method"
        return ErrorMeaning(.browserRequired, prefix: "\(what), which NativeAuth cannot do natively yet: sign in through the browser.")
    }
}
