import Foundation
@testable import NativeAuth
import NativeAuthTestSupport
import Testing

/// Records the callbacks of the sign-up's verify-code delegate, implementing only the required one.
@MainActor
private final class VerifyCodeErrorOnly: SignUpVerifyCodeDelegate {
    var calls: [String] = []
    var errors: [(error: VerifyCodeError, newState: SignUpCodeRequiredState?)] = []

    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) {
        calls.append("error")
        errors.append((error, newState))
    }
}

/// The same, implementing `onSignUpPasswordRequired(newState:)` too.
@MainActor
private final class VerifyCodeWithPassword: SignUpVerifyCodeDelegate {
    var calls: [String] = []

    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?) { calls.append("error") }
    func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState) { calls.append("passwordRequired") }
}

/// How a result reaches its delegate (``DelegateDelivered/deliver(to:)``), called synchronously on the
/// main actor as the delegate-style methods' tasks do.
@Suite("Delegate delivery")
@MainActor
struct DelegateDeliveryTests {
    private static let correlationId = UUID()

    private static func core() throws -> FlowStateCore {
        let app = try MockServer.app(MockServer.transport())
        let context = FlowContext(environment: app.environment, username: "user@example.com", scopes: [], correlationId: correlationId)
        return FlowStateCore(context: context, continuationToken: "CT-test")
    }

    @Test("A case whose method the delegate implements reaches that method only")
    func implemented() throws {
        let delegate = VerifyCodeWithPassword()
        SignUpVerifyCodeResult.passwordRequired(newState: SignUpPasswordRequiredState(core: try Self.core())).deliver(to: delegate)
        #expect(delegate.calls == ["passwordRequired"])
    }

    @Test("A case whose method the delegate left to its default reaches the error method once, naming it, with no state")
    func missing() throws {
        let delegate = VerifyCodeErrorOnly()
        SignUpVerifyCodeResult.passwordRequired(newState: SignUpPasswordRequiredState(core: try Self.core())).deliver(to: delegate)
        #expect(delegate.calls == ["error"])
        let reported = try #require(delegate.errors.first)
        #expect(reported.error.code == .delegateMethodNotImplemented)
        #expect(reported.error.errorDescription?.contains("onSignUpPasswordRequired(newState:)") == true)
        #expect(reported.error.correlationId == Self.correlationId, "the correlation ID of the state the default was handed")
        #expect(reported.newState == nil)
    }

    @Test("An error case reaches the error method with its state")
    func error() throws {
        let delegate = VerifyCodeErrorOnly()
        let state = SignUpCodeRequiredState(core: try Self.core())
        let failure = VerifyCodeError.notImplemented("any", correlationId: Self.correlationId)
        SignUpVerifyCodeResult.error(failure, newState: state).deliver(to: delegate)
        #expect(delegate.calls == ["error"])
        #expect(delegate.errors.first?.newState === state)
        #expect(delegate.errors.count == 1)
    }

    @Test("A default the app calls itself, outside a delivery, is not reported by the next delivery")
    func defaultCalledByTheApp() throws {
        let delegate = VerifyCodeWithPassword()
        delegate.onSignUpCompleted(newState: SignInAfterSignUpState(core: SignInAfterFlowCore(context: try Self.core().context, continuationToken: nil)))
        SignUpVerifyCodeResult.passwordRequired(newState: SignUpPasswordRequiredState(core: try Self.core())).deliver(to: delegate)
        #expect(delegate.calls == ["passwordRequired"])
    }

    @Test("A start result's missing method reaches the start delegate's error method")
    func startResult() {
        final class StartErrorOnly: SignUpStartDelegate {
            var errors: [SignUpStartError] = []
            func onSignUpStartError(error: SignUpStartError) { errors.append(error) }
        }
        let delegate = StartErrorOnly()
        SignUpStartResult.attributesInvalid(attributeNames: ["city"]).deliver(to: delegate)
        #expect(delegate.errors.map(\.code) == [.delegateMethodNotImplemented])
        #expect(delegate.errors.first?.errorDescription?.contains("onSignUpAttributesInvalid(attributeNames:)") == true)
    }
}
