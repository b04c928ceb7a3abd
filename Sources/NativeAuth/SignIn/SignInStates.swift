#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Sign-in as the app sees it: each state, what each call on it comes to (its result enum), and the
// delegate that hears that outcome (one method per case; the error method required, the others
// optional). A new step of the sign-in is written here, in `SignInFlow` and in `SignInStep`.
// The second factor's states are in StrongAuth/.

// MARK: - Start

/// What starting a sign-in came to. Each case carries the state to go on with.
///
/// ```swift
/// switch await app.signIn(parameters: NativeAuthSignInParameters(username: email)) {
/// case .codeRequired(let state, let sentTo, _, let codeLength): ...
/// case .passwordRequired(let state): ...
/// case .completed(let result): print(result.account.username)
/// case .awaitingMFA(let methods, let state): ...                   // with capabilities: [.mfaRequired]
/// case .strongAuthMethodRegistration(let methods, let state): ...  // with capabilities: [.registrationRequired]
/// case .error(let error): print(error.errorDescription ?? "")
/// }
/// ```
///
/// The sign-in result enums grow by new cases for new outcomes (README, "How the API grows"): an
/// outcome that needs new screens is produced only for an app that opts in (`capabilities`).
public enum SignInStartResult: Sendable, StrongAuthOutcomes {
    /// A code was sent; submit it on `newState`.
    case codeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The account signs in with a password; submit it on `newState`.
    case passwordRequired(newState: SignInPasswordRequiredState)
    /// Signed in (a password given at the start was accepted).
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// The sign-in could not start.
    case error(SignInStartError)
}

/// Receives the outcome of ``NativeAuthPublicClientApplication/signIn(parameters:delegate:)``, on the main actor.
///
/// Only ``onSignInStartError(error:)`` is required. A callback the flow reaches but the delegate does
/// not implement is reported through the error callback as a "delegate method not implemented" error.
@MainActor
public protocol SignInStartDelegate: SignInStrongAuthDelegate {
    /// The sign-in could not start.
    func onSignInStartError(error: SignInStartError)
    /// A code was sent to `sentTo`; submit it on `newState`.
    func onSignInCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The account signs in with a password; submit it on `newState`.
    func onSignInPasswordRequired(newState: SignInPasswordRequiredState)
}

extension SignInStartDelegate {
    public func onSignInCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        DelegateDefault.reached(#function, newState.correlationId)
    }

    public func onSignInPasswordRequired(newState: SignInPasswordRequiredState) { DelegateDefault.reached(#function, newState.correlationId) }
}

extension SignInStartResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignInStartDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignInCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .passwordRequired(let state): delegate.onSignInPasswordRequired(newState: state)
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state): delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .error(let error): delegate.onSignInStartError(error: error)
        }
    }
}

// MARK: - Code required

/// A sign-in waiting for the one-time code that was sent to the user.
///
/// Single-use: once a call has moved the flow on (signed in, or sent a new code), the state is used up
/// and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``, sending nothing.
/// A wrong code (or a network failure) hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/signIn(parameters:)``, ``SignInPasswordRequiredState``
public final class SignInCodeRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code the user received.
    public func submitCode(code: String) async -> SignInVerifyCodeResult {
        await core.run(handingBack: self) { await core.environment.signIn.submitCode(code, on: core) }
    }

    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any SignInVerifyCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitCode(code: code) }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> SignInResendCodeResult {
        await core.run(handingBack: self) { await core.environment.signIn.resendCode(on: core) }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any SignInResendCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.resendCode() }
    }
}

/// What submitting a code came to.
public enum SignInVerifyCodeResult: Sendable, StrongAuthOutcomes {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network failure);
    /// nil when the flow cannot go on and must start over.
    case error(VerifyCodeError, newState: SignInCodeRequiredState?)
}

/// Receives the outcome of ``SignInCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol SignInVerifyCodeDelegate: SignInStrongAuthDelegate {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onSignInVerifyCodeError(error: VerifyCodeError, newState: SignInCodeRequiredState?)
}

extension SignInVerifyCodeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignInVerifyCodeDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state): delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .error(let error, let state): delegate.onSignInVerifyCodeError(error: error, newState: state)
        }
    }
}

/// What asking for a new code came to.
public enum SignInResendCodeResult: Sendable {
    /// A new code was sent; the previous state and code are used up.
    case codeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No new code. `newState` is where to go on when the old state is still good.
    case error(ResendCodeError, newState: SignInCodeRequiredState?)
}

/// Receives the outcome of ``SignInCodeRequiredState/resendCode(delegate:)``, on the main actor.
@MainActor
public protocol SignInResendCodeDelegate: AnyObject, Sendable {
    /// No new code was sent; go on with `newState` when it is not nil.
    func onSignInResendCodeError(error: ResendCodeError, newState: SignInCodeRequiredState?)
    /// A new code was sent; submit it on `newState`.
    func onSignInResendCodeCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension SignInResendCodeDelegate {
    public func onSignInResendCodeCodeRequired(newState: SignInCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}

extension SignInResendCodeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignInResendCodeDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignInResendCodeCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state): delegate.onSignInResendCodeError(error: error, newState: state)
        }
    }
}

// MARK: - Password required

/// A sign-in waiting for the user's password.
///
/// Single-use like ``SignInCodeRequiredState``: a wrong password hands the same state back to try again.
public final class SignInPasswordRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the user's password.
    public func submitPassword(password: String) async -> SignInPasswordRequiredResult {
        await core.run(handingBack: self) { await core.environment.signIn.submitPassword(password, on: core) }
    }

    /// Submits the password and reports the outcome to `delegate` (see ``submitPassword(password:)``).
    public func submitPassword(password: String, delegate: any SignInPasswordRequiredDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitPassword(password: password) }
    }
}

/// What submitting a password came to.
public enum SignInPasswordRequiredResult: Sendable, StrongAuthOutcomes {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// The password was not accepted. `newState` is where to try again; nil when the flow must start over.
    case error(PasswordRequiredError, newState: SignInPasswordRequiredState?)
}

/// Receives the outcome of ``SignInPasswordRequiredState/submitPassword(password:delegate:)``, on the main actor.
@MainActor
public protocol SignInPasswordRequiredDelegate: SignInStrongAuthDelegate {
    /// The password was not accepted; retry on `newState` when it is not nil.
    func onSignInPasswordRequiredError(error: PasswordRequiredError, newState: SignInPasswordRequiredState?)
}

extension SignInPasswordRequiredResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignInPasswordRequiredDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state): delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .error(let error, let state): delegate.onSignInPasswordRequiredError(error: error, newState: state)
        }
    }
}
