#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// When the library sends a request again by itself.
///
/// A 5xx status or a transient transport failure is retried once after ``serverErrorDelay``. A 429 is
/// retried once after its `Retry-After` seconds, if that is at most ``maximumRetryAfter`` (a longer
/// one fails at once), or after ``serverErrorDelay`` when it has no `Retry-After` in seconds. Nothing
/// else is retried: a protocol error will not change by asking again. The wait goes through the
/// application's ``NativeAuthClock``, so tests need not sleep.
///
/// A refresh-token grant is not replayable: the server may have spent the refresh token even if its
/// answer was lost. It is retried only after a transient failure that certainly happened before the
/// request reached the server (``HTTPTransportError/mayHaveReachedServer`` false: a refused
/// connection, a host name that did not resolve) or after a 429, never after a 5xx or a connection
/// lost mid-exchange.
public struct RetryPolicy: Sendable, Equatable {
    /// How long to wait before retrying a 5xx, a transient transport failure or a 429 without `Retry-After`.
    public var serverErrorDelay: Duration
    /// The longest `Retry-After` the library waits for; a longer one fails at once.
    public var maximumRetryAfter: Duration

    /// The default policy: 0.5 s after a server error, `Retry-After` honoured up to 10 s.
    public static let `default` = RetryPolicy(serverErrorDelay: .milliseconds(500), maximumRetryAfter: .seconds(10))

    /// Creates a policy.
    public init(serverErrorDelay: Duration, maximumRetryAfter: Duration) {
        self.serverErrorDelay = serverErrorDelay
        self.maximumRetryAfter = maximumRetryAfter
    }

    /// The wait before retrying after `outcome`, or nil when it must not be retried.
    func delayBeforeRetry(after outcome: Result<HTTPResponse, any Error>, replayable: Bool = true) -> Duration? {
        switch outcome {
        case .success(let response) where (500...599).contains(response.status):
            return replayable ? serverErrorDelay : nil
        case .success(let response) where response.status == 429:
            guard let seconds = response.header("Retry-After").flatMap({ Int($0.trimmed(.whitespaces)) }),
                  seconds >= 0
            else { return serverErrorDelay }
            let wait = Duration.seconds(seconds)
            return wait <= maximumRetryAfter ? wait : nil
        case .success:
            return nil
        case .failure(let error):
            guard let failure = error as? HTTPTransportError, failure.isTransient else { return nil }
            return replayable || !failure.mayHaveReachedServer ? serverErrorDelay : nil
        }
    }
}
