import Foundation

/// Helpers for the delegate adapters.
enum DelegateDispatch {
    /// The error a default delegate method reports when the flow reached a callback the app did not implement.
    static func notImplemented(_ method: String, correlationId: UUID?) -> NativeAuthErrorDetails {
        StepFailure.local(
            .delegateMethodNotImplemented,
            "NativeAuth called the delegate method \(method), which the delegate does not implement; "
                + "implement it to handle this outcome.",
            correlationId: correlationId ?? UUID())
    }
}
