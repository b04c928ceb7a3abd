#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A public result as the delegate-style API reports it: each case reaches one delegate method.
///
/// A result writes only ``call(_:)``, the switch that says which delegate method each case reaches
/// (the table MSAL defines). What every delegate-style call shares is written once, here and in
/// ``DelegateDispatch``: the call runs in a task of its own, the delegate hears the outcome on the
/// main actor, and a case whose method the delegate left to its default implementation
/// (``DelegateDefault``) reaches the delegate's error method instead, as a "delegate method not
/// implemented" error with no state to go on with (MSAL's rule).
protocol DelegateDelivered: Sendable {
    /// The delegate protocol, as an existential (`any SignUpVerifyCodeDelegate`).
    associatedtype Delegate: Sendable
    associatedtype Failure: FlowError
    /// The result that reports `error` with no state to go on with: the `error` case (a start
    /// result's case witnesses it; a step's comes from ``FailableStepResult``).
    static func error(_ error: Failure) -> Self
    /// Calls the delegate method of this case.
    @MainActor func call(_ delegate: Delegate)
}

extension DelegateDelivered {
    /// Calls the delegate method of this case, or, when the delegate left that method to its default
    /// implementation, the error method with a "delegate method not implemented" error.
    @MainActor func deliver(to delegate: Delegate) {
        guard let reached = DelegateDefault.watch({ call(delegate) }) else { return }
        Self.error(.notImplemented(reached.method, correlationId: reached.correlationId)).call(delegate)
    }
}

/// The one way the delegate-style API runs: each delegate-style method starts one task that awaits
/// the async method and hands its result to the delegate (or completion) on the main actor.
enum DelegateDispatch {
    /// Runs `operation` in a new task and delivers its result to `delegate` on the main actor.
    static func deliver<Outcome: DelegateDelivered>(to delegate: Outcome.Delegate, _ operation: @escaping @Sendable () async -> Outcome) {
        run(operation) { $0.deliver(to: delegate) }
    }

    /// Runs `operation` in a new task and passes its result to `deliver` on the main actor.
    static func run<Outcome: Sendable>(
        _ operation: @escaping @Sendable () async -> Outcome,
        deliver: @escaping @MainActor @Sendable (Outcome) -> Void
    ) {
        Task { @MainActor in deliver(await operation()) }
    }
}

/// What a default implementation of an optional delegate method does: it only says that it was
/// reached (its `#function`, and the correlation ID of the state it was given), and the delivery
/// that called it (``DelegateDelivered/deliver(to:)``, synchronous, on the main actor) reports it
/// through the calling delegate's error method. So a default need not know which delegate's error
/// method that is: ``SignInStrongAuthDelegate``'s are shared by five delegates.
///
/// ```swift
/// extension SignUpVerifyCodeDelegate {
///     public func onSignUpCompleted(newState: SignInAfterSignUpState) {
///         DelegateDefault.reached(#function, newState.correlationId)
///     }
/// }
/// ```
@MainActor
enum DelegateDefault {
    /// A default implementation reached during a delivery.
    struct Reached {
        let method: String
        let correlationId: UUID?
    }

    private static var last: Reached?

    /// Notes that the default implementation of `method` was reached, with the correlation ID of
    /// the state it was handed (nil when it was handed none).
    static func reached(_ method: String, _ correlationId: UUID? = nil) {
        last = Reached(method: method, correlationId: correlationId)
    }

    /// Runs `call` (one delegate call) and tells which default implementation, if any, it reached.
    static func watch(_ call: () -> Void) -> Reached? {
        last = nil
        call()
        defer { last = nil }
        return last
    }
}

extension FlowError {
    /// The error a delivery reports when the flow reached a callback the app did not implement.
    static func notImplemented(_ method: String, correlationId: UUID?) -> Self {
        Self(FlowErrorMapping.notImplemented(method, correlationId: correlationId))
    }
}
