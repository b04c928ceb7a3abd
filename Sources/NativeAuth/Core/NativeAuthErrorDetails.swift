import Foundation

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

    /// The same details with another kind and message (a step that knows better what the error means).
    func with(_ kind: ErrorKind, message: String) -> NativeAuthErrorDetails {
        var details = NativeAuthErrorDetails(kind, message: message, correlationId: correlationId, serverError: serverError, httpStatus: httpStatus)
        details.browserFallback = browserFallback
        return details
    }
}
