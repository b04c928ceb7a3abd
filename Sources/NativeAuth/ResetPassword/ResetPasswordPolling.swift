#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Waits for the server to complete a submitted password reset (docs/PROTOCOL.md §8): polls
/// `/resetpassword/v1.0/poll_completion` with the submit's continuation token at once, then again
/// every `poll_interval` seconds while the status is `in_progress` or `not_started`, as MSAL does.
/// V2's polls (docs/PROTOCOL.md §24.2) wait the same way (``wait(context:unfinished:_:)``).
///
/// Every wait goes through the app's ``NativeAuthClock`` (tests never sleep), and every input is
/// bounded: the interval is taken as 1 to ``maximumInterval`` seconds (``defaultInterval`` when the
/// server sent none), and the waits add up to at most ``maximumTotalWait``; past that the reset is
/// reported as unfinished, with how long the library waited.
struct ResetPasswordPolling: Sendable {
    /// The seconds between polls when `/submit` names none (the documented example's value).
    static let defaultInterval = 2
    /// The longest wait between two polls the library accepts from the server.
    static let maximumInterval = 30
    /// The longest the library waits, in all, for the server to complete a reset.
    static let maximumTotalWait = Duration.seconds(120)

    /// What the polls came to; each case has the context the flow goes on with.
    enum Outcome: Sendable {
        /// `succeeded`: the password was reset; the token (if any) signs the user in.
        case succeeded(continuationToken: String?, FlowContext)
        /// `failed`: the server could not reset the password; a token (if any) resubmits.
        case failed(continuationToken: String?, FlowContext)
        /// A protocol error, a redirect, or no answer.
        case rejected(WireRejection, FlowContext)
        /// Still not complete when the total wait ran out (or the task was cancelled while waiting).
        case unfinished(String, FlowContext)
        /// A success body without a known status.
        case unexpected(String, FlowContext)
    }

    /// The token `/submit` answered, sent with every poll.
    let continuationToken: String
    /// The wait between polls, in whole seconds, within the bounds.
    let interval: Int

    init(continuationToken: String, pollInterval: Int?) {
        self.continuationToken = continuationToken
        interval = min(max(pollInterval ?? Self.defaultInterval, 1), Self.maximumInterval)
    }

    /// Polls until the server says `succeeded` or `failed`, or the bounds are reached.
    func run(context initial: FlowContext) async -> Outcome {
        await wait(context: initial, unfinished: Outcome.unfinished) { context in
            let (outcome, context) = await context.post(.resetPasswordPollCompletion, [("continuation_token", continuationToken)],
                                                        as: ResetPasswordPollResponse.self)
            let status: String
            switch outcome {
            case .rejected(let rejection):
                return (.rejected(rejection, context), context)
            case .success(let body):
                guard let value = body.status else { return (.unexpected("the poll_completion answer has no status", context), context) }
                status = value
            }
            switch status {
            case "succeeded":
                return (.succeeded(continuationToken: Self.token(outcome), context), context)
            case "failed":
                return (.failed(continuationToken: Self.token(outcome), context), context)
            case "in_progress", "not_started":
                return (nil, context)
            default:
                return (.unexpected("the poll_completion status '\(status.prefix(32))' is not one the protocol defines", context), context)
            }
        }
    }

    /// The waiting both APIs share: `poll` at once, then again every ``interval`` seconds while it
    /// answers nil (the reset is still running), the waits adding up to at most ``maximumTotalWait``;
    /// past that (or when the task is cancelled while waiting), `unfinished` builds the result from
    /// a sentence saying how long the library waited.
    func wait<Result>(
        context initial: FlowContext, unfinished: (String, FlowContext) -> Result,
        _ poll: (FlowContext) async -> (Result?, FlowContext)
    ) async -> Result {
        var context = initial
        var waited = 0
        var polls = 0
        while true {
            let result: Result?
            (result, context) = await poll(context)
            polls += 1
            if let result { return result }
            guard .seconds(waited + interval) <= Self.maximumTotalWait else {
                return unfinished("The server had not completed the password reset after \(polls) polls over \(waited) s "
                    + "(NativeAuth waits at most \(Self.maximumTotalWait.components.seconds) s). It may still complete: "
                    + "try signing in with the new password, or reset the password again.", context)
            }
            do {
                try await context.environment.clock.sleep(for: .seconds(interval))
            } catch {
                return unfinished("The wait for the server to complete the password reset was cancelled after \(polls) polls; "
                    + "it may still complete: try signing in with the new password.", context)
            }
            waited += interval
        }
    }

    private static func token(_ outcome: WireOutcome<ResetPasswordPollResponse>) -> String? {
        guard case .success(let body) = outcome, let token = body.continuationToken, !token.isEmpty else { return nil }
        return token
    }
}
