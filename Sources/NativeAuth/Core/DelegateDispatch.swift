#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The one way the delegate-style API runs: each delegate method of a state starts one task that
/// awaits the async method and hands its result to the delegate on the main actor.
enum DelegateDispatch {
    /// Runs `operation` in a new task and passes its result to `deliver` on the main actor.
    static func run<Result: Sendable>(
        _ operation: @escaping @Sendable () async -> Result,
        deliver: @escaping @MainActor @Sendable (Result) -> Void
    ) {
        Task { @MainActor in deliver(await operation()) }
    }
}

extension FlowError {
    /// The error a default delegate method reports when the flow reached a callback the app did not implement.
    static func notImplemented(_ method: String, correlationId: UUID?) -> Self {
        Self(FlowErrorMapping.notImplemented(method, correlationId: correlationId))
    }
}
