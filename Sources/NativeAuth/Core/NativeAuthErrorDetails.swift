#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The details behind a native-auth error.
public struct NativeAuthErrorDetails: Sendable, Equatable {
    let kind: ErrorKind
    /// What went wrong (see ``NativeAuthError/errorDescription``).
    public let message: String
    /// The flow's correlation ID.
    public let correlationId: UUID
    /// The server's AADSTS numbers.
    public let errorCodes: [Int]
    let serverError: ServerErrorResponse?
    let httpStatus: Int?
    /// What the browser sign-in needs, on a browser-required error of a flow (see ``NativeAuthError/browserFallback``).
    var browserFallback: BrowserFallback?

    init(
        _ kind: ErrorKind, message: String, correlationId: UUID,
        serverError: ServerErrorResponse? = nil, httpStatus: Int? = nil
    ) {
        self.kind = kind
        self.message = message
        self.correlationId = correlationId
        self.errorCodes = serverError?.errorCodes ?? []
        self.serverError = serverError
        self.httpStatus = httpStatus
    }

    /// What the error means (see ``NativeAuthError/code``): the step's meaning of it, unless the
    /// server said the flow as a whole is over (too many attempts, an expired flow, refused scopes);
    /// a browser-required or unavailable error stays one.
    public var code: NativeAuthErrorCode {
        switch kind {
        case .browserRequired, .unavailable: return kind.code
        default: break
        }
        switch serverError?.flowEnd {
        case .attemptLimitReached: return .attemptLimitReached
        case .expired: return .flowExpired
        case .invalidScope: return .invalidScope
        case nil: return kind.code
        }
    }

    /// The same details with another kind and message (a step that knows better what the error means).
    func with(_ kind: ErrorKind, message: String) -> NativeAuthErrorDetails {
        var details = NativeAuthErrorDetails(kind, message: message, correlationId: correlationId, serverError: serverError, httpStatus: httpStatus)
        details.browserFallback = browserFallback
        return details
    }
}
