#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The library's one time dependency: what time it is (token expiry) and how to wait (retries, polls).
///
/// The default is ``SystemClock``. Tests pass a clock they move by hand, so that nothing really sleeps:
///
/// ```swift
/// final class ManualClock: NativeAuthClock, @unchecked Sendable {
///     var now = Date(timeIntervalSince1970: 1_767_261_600)
///     func sleep(for duration: Duration) async throws {
///         now += TimeInterval(duration.components.seconds)
///     }
/// }
/// ```
public protocol NativeAuthClock: Sendable {
    /// The current time.
    var now: Date { get }
    /// Waits for `duration`; throws `CancellationError` when the task is cancelled while waiting.
    func sleep(for duration: Duration) async throws
}

/// The real clock: the system's time, and `Task.sleep`.
public struct SystemClock: NativeAuthClock {
    /// Creates the system clock.
    public init() {}

    public var now: Date { Date() }

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}

extension NativeAuthClock where Self == SystemClock {
    /// The system's clock.
    public static var system: SystemClock { SystemClock() }
}
