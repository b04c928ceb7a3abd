/// Why a browser or device-code sign-in failed without a protocol error to name it (or with one
/// these flows give a meaning of their own). The public errors expose them as predicates.
enum WebFailure: Sendable, Equatable {
    /// No answer came back to the loopback redirect in time.
    case timedOut
    /// The task was cancelled.
    case cancelled
    /// No browser could be opened and no one was given the URL to show.
    case browserUnavailable
    /// The loopback listener could not be set up, or stopped without an answer.
    case loopbackFailed
    /// The user cancelled, or the server refused access (`access_denied`).
    case accessDenied
    /// The ID token did not pass the checks (nonce, audience, issuer).
    case invalidIDToken
    /// The device code expired before the user signed in (`expired_token`, or the local deadline).
    case deviceCodeExpired
    /// The user declined the device sign-in (`authorization_declined`).
    case declined
}
