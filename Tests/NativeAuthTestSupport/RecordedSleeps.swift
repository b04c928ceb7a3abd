import NativeAuth
import Synchronization

/// A ``RetryPolicy`` whose `sleep` records the requested waits instead of sleeping.
///
/// ```swift
/// let sleeps = RecordedSleeps()
/// let policy = sleeps.policy()
/// // … run a flow …
/// #expect(sleeps.durations == [.milliseconds(250)])
/// ```
public final class RecordedSleeps: Sendable {
    private let recorded = Mutex<[Duration]>([])

    public init() {}

    /// Every wait the library asked for, in order.
    public var durations: [Duration] { recorded.withLock { $0 } }

    /// A retry policy that records its waits here.
    public func policy(
        serverErrorDelay: Duration = .milliseconds(250), maximumRetryAfter: Duration = .seconds(10)
    ) -> RetryPolicy {
        RetryPolicy(serverErrorDelay: serverErrorDelay, maximumRetryAfter: maximumRetryAfter) { [self] duration in
            self.recorded.withLock { $0.append(duration) }
        }
    }
}
