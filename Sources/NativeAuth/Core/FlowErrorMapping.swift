#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Builds the details of public errors: for a failed request, with the code, sentence and hand-back
/// the step's error table (``ErrorTable``) decides; and for what the library decides locally. Flows
/// never build wire values to reach this mapping.
enum FlowErrorMapping {
    /// The failure of a request at `step`: the table's outcome, with the server's description (or the
    /// redirect's reason, or why no answer came) as the message.
    static func failure(_ rejection: WireRejection, correlationId: UUID, at step: some ErrorTable) -> StepFailure {
        let outcome = step.outcome(of: rejection)
        let details: NativeAuthErrorDetails
        switch rejection {
        case .protocolError(let error, let status):
            details = refused(error, outcome, httpStatus: status, correlationId: correlationId)
        case .redirect(let reason):
            details = NativeAuthErrorDetails(outcome.code, message: redirectMessage(reason), correlationId: correlationId)
        case .unavailable(let failure):
            details = NativeAuthErrorDetails(outcome.code, message: failure.message, correlationId: correlationId, httpStatus: failure.httpStatus)
        }
        return StepFailure(details: details, handsBack: outcome.handsBack)
    }

    /// The details of a protocol error the table decided `outcome` for: the table's sentence, then the
    /// server's description (`httpStatus` nil for the browser's `?error=` answer, which no HTTP
    /// response of the server's carried).
    static func refused(_ error: ServerErrorResponse, _ outcome: ErrorOutcome, httpStatus: Int?, correlationId: UUID) -> NativeAuthErrorDetails {
        let server = serverMessage(error)
        return NativeAuthErrorDetails(outcome.code, message: outcome.prefix.map { "\($0) \(server)" } ?? server, correlationId: correlationId,
                                      serverError: error, httpStatus: httpStatus)
    }

    /// The server's own description of a protocol error, or (when it sent none) a sentence naming it.
    static func serverMessage(_ error: ServerErrorResponse) -> String {
        if let description = error.errorDescription, !description.trimmed(.whitespacesAndNewlines).isEmpty {
            return description
        }
        return "The server refused the request (\(error.error)" + (error.suberror.map { ", \($0)" } ?? "") + ")."
    }

    /// A redirect's message: its `redirect_reason` when the server gave one.
    private static func redirectMessage(_ reason: String?) -> String {
        if let reason, !reason.trimmed(.whitespacesAndNewlines).isEmpty { return reason }
        return "A browser sign-in is required: the server cannot complete this flow natively. "
            + "Sign in through the web flow, or use a method this account supports."
    }

    /// An error the library decides without the server.
    static func local(_ code: NativeAuthErrorCode, _ message: String, correlationId: UUID) -> NativeAuthErrorDetails {
        NativeAuthErrorDetails(code, message: message, correlationId: correlationId)
    }

    /// A success answer that does not fit the step (an unknown `challenge_type`, a missing field): a
    /// general error, after which no step hands its state back.
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
