#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Builds the details of public errors: from what the server answered (with a step's meaning of its
/// protocol errors), and for what the library decides locally. Flows never build wire values to
/// reach this mapping.
enum FlowErrorMapping {
    /// The details of a rejection; `meaning` says what a protocol error is at this step.
    static func details(
        _ rejection: WireRejection, correlationId: UUID, meaning: (ServerErrorResponse) -> ErrorMeaning
    ) -> NativeAuthErrorDetails {
        switch rejection {
        case .redirect(let reason):
            return browserRequired(reason: reason, correlationId: correlationId)
        case .unavailable(let failure):
            return NativeAuthErrorDetails(.unavailable, message: failure.message, correlationId: correlationId,
                                          httpStatus: failure.httpStatus)
        case .protocolError(let error, let status):
            let meaning = meaning(error)
            let server = serverMessage(error)
            let message = meaning.prefix.map { "\($0) \(server)" } ?? server
            return NativeAuthErrorDetails(meaning.kind, message: message, correlationId: correlationId,
                                          serverError: error, httpStatus: status)
        }
    }

    /// The server's own description of a protocol error, or (when it sent none) a sentence naming it.
    static func serverMessage(_ error: ServerErrorResponse) -> String {
        if let description = error.errorDescription, !description.trimmed(.whitespacesAndNewlines).isEmpty {
            return description
        }
        return "The server refused the request (\(error.error)" + (error.suberror.map { ", \($0)" } ?? "") + ")."
    }

    /// Browser required: the redirect's `redirect_reason` when the server gave one.
    static func browserRequired(reason: String?, correlationId: UUID) -> NativeAuthErrorDetails {
        let message: String
        if let reason, !reason.trimmed(.whitespacesAndNewlines).isEmpty {
            message = reason
        } else {
            message = "A browser sign-in is required: the server cannot complete this flow natively. "
                + "Sign in through the web flow, or use a method this account supports."
        }
        return NativeAuthErrorDetails(.browserRequired, message: message, correlationId: correlationId)
    }

    /// An error the library decides without the server.
    static func local(_ kind: ErrorKind, _ message: String, correlationId: UUID) -> NativeAuthErrorDetails {
        NativeAuthErrorDetails(kind, message: message, correlationId: correlationId)
    }

    /// A success answer that does not fit the step (an unknown `challenge_type`, a missing field).
    static func unexpectedAnswer(_ what: String, correlationId: UUID) -> NativeAuthErrorDetails {
        local(.general, "The server's answer does not fit this step of the flow: \(what).", correlationId: correlationId)
    }

    /// A state that was used up or is in use: nothing was sent.
    static func alreadyUsed(correlationId: UUID) -> NativeAuthErrorDetails {
        local(.stateAlreadyUsed,
              "This state was already used (or is in use by another call); continue with the state the last call returned. Nothing was sent.",
              correlationId: correlationId)
    }

    /// A "sign in after a previous flow" state without a continuation token (the flow's last answer
    /// carried none): nothing was sent.
    static func signInAfterFlowUnavailable(correlationId: UUID) -> NativeAuthErrorDetails {
        local(.general,
              "Sign in is not available at this point: the server ended the previous flow without a continuation token. Use the standalone sign-in. Nothing was sent.",
              correlationId: correlationId)
    }

    /// The error a default delegate method reports when the flow reached a callback the app did not implement.
    static func notImplemented(_ method: String, correlationId: UUID?) -> NativeAuthErrorDetails {
        local(.delegateMethodNotImplemented,
              "NativeAuth called the delegate method \(method), which the delegate does not implement; implement it to handle this outcome.",
              correlationId: correlationId ?? UUID())
    }
}

/// The public error types of the flows, built from details by the shared flow machinery.
protocol FlowError: NativeAuthError {
    init(_ details: NativeAuthErrorDetails)
}
