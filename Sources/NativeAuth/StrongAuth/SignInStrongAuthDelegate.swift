/// The two strong-authentication callbacks every sign-in delegate has (``SignInStartDelegate``,
/// ``SignInPasswordRequiredDelegate``, ``SignInVerifyCodeDelegate``, ``SignInAfterSignUpDelegate``,
/// ``SignInAfterResetPasswordDelegate``): any `/token` call of a sign-in can end in them, when the
/// app advertised the capabilities (``NativeAuthCapabilities``).
///
/// Both are optional: one that the flow reaches but the delegate does not implement is reported
/// through the calling delegate's error callback as a "delegate method not implemented" error.
/// They are declared once, here, so that a type conforming to several sign-in delegates has one
/// implementation of each.
///
/// ```swift
/// extension SignInViewController: SignInStartDelegate {
///     func onSignInStartError(error: SignInStartError) { show(error) }
///     func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) {
///         newState.requestChallenge(authMethod: authMethods[0], delegate: self)
///     }
/// }
/// ```
@MainActor
public protocol SignInStrongAuthDelegate: AnyObject, Sendable {
    /// The server wants a second factor: choose one of `authMethods` and request its code on `newState`.
    func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one on `newState`.
    func onSignInStrongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
}

extension SignInStrongAuthDelegate {
    public func onSignInAwaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState) {
        MissedCallback.note("onSignInAwaitingMFA(authMethods:newState:)")
    }

    public func onSignInStrongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState) {
        MissedCallback.note("onSignInStrongAuthMethodRegistration(authMethods:newState:)")
    }

    /// Calls ``onSignInAwaitingMFA(authMethods:newState:)``; `unhandled` gets the method's name when
    /// the delegate does not implement it.
    func deliverAwaitingMFA(_ methods: [AuthMethod], _ state: AwaitingMFAState, unhandled: (String) -> Void) {
        MissedCallback.watch({ onSignInAwaitingMFA(authMethods: methods, newState: state) }, unhandled: unhandled)
    }

    /// Calls ``onSignInStrongAuthMethodRegistration(authMethods:newState:)``, as ``deliverAwaitingMFA(_:_:unhandled:)``.
    func deliverRegistration(_ methods: [AuthMethod], _ state: RegisterStrongAuthState, unhandled: (String) -> Void) {
        MissedCallback.watch({ onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state) }, unhandled: unhandled)
    }
}

/// Tells a delivery that the callback it made was a default implementation: the default notes its
/// name, the delivery (synchronous, on the main actor) reads it right after the call.
@MainActor
enum MissedCallback {
    private static var missed: String?

    static func note(_ method: String) { missed = method }

    static func watch(_ call: () -> Void, unhandled: (String) -> Void) {
        missed = nil
        call()
        let name = missed
        missed = nil
        if let name { unhandled(name) }
    }
}
