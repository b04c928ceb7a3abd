#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why ``NativeAuthPublicClientApplication/acquireToken(parameters:)`` failed.
///
/// Shared members (``NativeAuthError``): `errorDescription`, `correlationId`, `errorCodes`,
/// `serverError` (such as `access_denied` or `login_required` from the sign-in page, `invalid_grant`
/// from the code's redemption), `isServerUnavailable`.
public struct InteractiveTokenError: NativeAuthError, FlowError {
    public let details: NativeAuthErrorDetails

    init(_ details: NativeAuthErrorDetails) { self.details = details }

    /// The browser did not come back within ``NativeAuthInteractiveTokenParameters/timeout``.
    public var isTimedOut: Bool { code == .timedOut }

    /// The task running the sign-in was cancelled.
    public var isCancelled: Bool { code == .cancelled }

    /// Always false: an answer at the loopback redirect with another `state` (forged, or from an
    /// older sign-in) is refused there and never redeemed, and the sign-in goes on waiting for its
    /// own answer (such requests count toward the limit behind ``isLoopbackFailure``).
    @available(*, deprecated, message: "An answer with another state no longer ends the sign-in; it is refused at the loopback redirect")
    public var isStateMismatch: Bool { false }

    /// No browser could be opened, and ``NativeAuthInteractiveTokenParameters/showURL`` was not set.
    public var isBrowserUnavailable: Bool { code == .browserUnavailable }

    /// The user cancelled on the sign-in page, or the server refused access (`access_denied`).
    public var isAccessDenied: Bool { code == .accessDenied }

    /// The ID token failed the checks (`nonce`, audience, issuer): nothing was stored.
    public var isInvalidIDToken: Bool { code == .invalidIDToken }

    /// The loopback redirect could not be set up, or was flooded with requests that were not the answer.
    public var isLoopbackFailure: Bool { code == .loopbackFailed }
}
