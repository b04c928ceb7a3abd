#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The details behind a native-auth error.
public struct NativeAuthErrorDetails: Sendable, Equatable {
    /// What the error means (see ``NativeAuthError/code``): decided by the step's error table for a
    /// failed request, or by the library for what it decides without the server.
    public let code: NativeAuthErrorCode
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
        _ code: NativeAuthErrorCode, message: String, correlationId: UUID,
        serverError: ServerErrorResponse? = nil, httpStatus: Int? = nil
    ) {
        self.code = code
        self.message = message
        self.correlationId = correlationId
        self.errorCodes = serverError?.errorCodes ?? []
        self.serverError = serverError
        self.httpStatus = httpStatus
    }

    /// The same details with another message (a step that says what happened before the failure).
    func with(message: String) -> NativeAuthErrorDetails {
        var details = NativeAuthErrorDetails(code, message: message, correlationId: correlationId, serverError: serverError, httpStatus: httpStatus)
        details.browserFallback = browserFallback
        return details
    }
}
