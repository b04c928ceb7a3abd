#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// A password reset as the app sees it: each state, what each call on it comes to (its result enum),
// and the delegate that hears that outcome (one method per case; the error method required, the
// others optional). A new step is written here, in `ResetPasswordFlow` and in `ResetPasswordStep`.

// MARK: - Start

/// What starting a password reset came to. Each case carries the state to go on with.
///
/// ```swift
/// switch await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: email)) {
/// case .codeRequired(let state, let sentTo, _, let codeLength): ...
/// case .error(let error) where error.isUserDoesNotHavePassword: print("This account signs in with a code")
/// case .error(let error): print(error.errorDescription ?? "")
/// }
/// ```
public enum ResetPasswordStartResult: Sendable {
    /// A code was sent to verify that the user owns the address; submit it on `newState`.
    case codeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The password reset could not start.
    case error(ResetPasswordStartError)
}

/// Receives the outcome of ``NativeAuthPublicClientApplication/resetPassword(parameters:delegate:)``, on the main actor.
///
/// Only ``onResetPasswordStartError(error:)`` is required. A callback the flow reaches but the
/// delegate does not implement is reported through the error callback as a "delegate method not
/// implemented" error.
@MainActor
public protocol ResetPasswordStartDelegate: AnyObject, Sendable {
    /// The password reset could not start.
    func onResetPasswordStartError(error: ResetPasswordStartError)
    /// A code was sent to `sentTo`; submit it on `newState`.
    func onResetPasswordCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                     channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension ResetPasswordStartDelegate {
    public func onResetPasswordCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                            channelTargetType: NativeAuthChannelType, codeLength: Int) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}

extension ResetPasswordStartResult: DelegateDelivered {
    @MainActor func call(_ delegate: any ResetPasswordStartDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onResetPasswordCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error): delegate.onResetPasswordStartError(error: error)
        }
    }
}

// MARK: - Code required

/// A password reset waiting for the one-time code sent to the account's address.
///
/// Single-use: once a call has moved the flow on (the code was accepted, or a new code was sent),
/// the state is used up and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``,
/// sending nothing. A wrong code (or a network failure) hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/resetPassword(parameters:)``, ``ResetPasswordRequiredState``,
///   ``SignInAfterResetPasswordState``
public final class ResetPasswordCodeRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code the user received. When it is right, the server asks for the new password.
    public func submitCode(code: String) async -> ResetPasswordVerifyCodeResult {
        await core.run(handingBack: self) { await core.environment.resetPassword.submitCode(code, on: core) }
    }

    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any ResetPasswordVerifyCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitCode(code: code) }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> ResetPasswordResendCodeResult {
        await core.run(handingBack: self) { await core.environment.resetPassword.resendCode(on: core) }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any ResetPasswordResendCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.resendCode() }
    }
}

/// What submitting the code of a password reset came to.
public enum ResetPasswordVerifyCodeResult: Sendable {
    /// The code was right: submit the new password on `newState`.
    case passwordRequired(newState: ResetPasswordRequiredState)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network failure);
    /// nil when the password reset cannot go on and must start over.
    case error(VerifyCodeError, newState: ResetPasswordCodeRequiredState?)
}

/// Receives the outcome of ``ResetPasswordCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol ResetPasswordVerifyCodeDelegate: AnyObject, Sendable {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onResetPasswordVerifyCodeError(error: VerifyCodeError, newState: ResetPasswordCodeRequiredState?)
    /// The code was right: submit the new password on `newState`.
    func onPasswordRequired(newState: ResetPasswordRequiredState)
}

extension ResetPasswordVerifyCodeDelegate {
    public func onPasswordRequired(newState: ResetPasswordRequiredState) { DelegateDefault.reached(#function, newState.correlationId) }
}

extension ResetPasswordVerifyCodeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any ResetPasswordVerifyCodeDelegate) {
        switch self {
        case .passwordRequired(let state): delegate.onPasswordRequired(newState: state)
        case .error(let error, let state): delegate.onResetPasswordVerifyCodeError(error: error, newState: state)
        }
    }
}

/// What asking for a new password-reset code came to.
public enum ResetPasswordResendCodeResult: Sendable {
    /// A new code was sent; the previous state and code are used up.
    case codeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No new code. `newState` is where to go on after a network failure; nil otherwise.
    case error(ResendCodeError, newState: ResetPasswordCodeRequiredState?)
}

/// Receives the outcome of ``ResetPasswordCodeRequiredState/resendCode(delegate:)``, on the main actor.
@MainActor
public protocol ResetPasswordResendCodeDelegate: AnyObject, Sendable {
    /// No new code was sent; go on with `newState` when it is not nil.
    func onResetPasswordResendCodeError(error: ResendCodeError, newState: ResetPasswordCodeRequiredState?)
    /// A new code was sent; submit it on `newState`.
    func onResetPasswordResendCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                           channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension ResetPasswordResendCodeDelegate {
    public func onResetPasswordResendCodeRequired(newState: ResetPasswordCodeRequiredState, sentTo: String,
                                                  channelTargetType: NativeAuthChannelType, codeLength: Int) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}

extension ResetPasswordResendCodeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any ResetPasswordResendCodeDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onResetPasswordResendCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state): delegate.onResetPasswordResendCodeError(error: error, newState: state)
        }
    }
}

// MARK: - Password required

/// A password reset whose code was accepted, waiting for the new password.
///
/// Submitting sends the password to `/resetpassword/v1.0/submit`, then waits while the server
/// completes the reset (`/resetpassword/v1.0/poll_completion` every `poll_interval` seconds through
/// the app's ``NativeAuthClock``, for at most ``maximumCompletionWait`` in all).
///
/// Single-use like ``ResetPasswordCodeRequiredState``: a password the policy refuses at the submit
/// (``PasswordRequiredError/isInvalidPassword``, with `serverSubError` naming the rule) hands the same
/// state back; one the server refuses while completing the reset hands back a state to submit another.
public final class ResetPasswordRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// The longest the library waits for the server to complete a reset after the submit.
    public static var maximumCompletionWait: Duration { ResetPasswordPolling.maximumTotalWait }

    /// Submits the new password and waits until the server has reset it.
    public func submitPassword(password: String) async -> ResetPasswordRequiredResult {
        await core.run(handingBack: self) { await core.environment.resetPassword.submitPassword(password, on: core) }
    }

    /// Submits the new password and reports the outcome to `delegate` (see ``submitPassword(password:)``).
    public func submitPassword(password: String, delegate: any ResetPasswordRequiredDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitPassword(password: password) }
    }
}

/// What submitting the new password came to, once the server finished (or gave up on) the reset.
public enum ResetPasswordRequiredResult: Sendable {
    /// The password was reset: the old one no longer works. Sign in on `newState` without asking
    /// the user again.
    case completed(SignInAfterResetPasswordState)
    /// The password was not reset. `newState` is where to submit a password again: the policy
    /// refused this one (``PasswordRequiredError/isInvalidPassword``, `serverSubError` names the
    /// rule), the server could not be reached, or it could not complete the reset and said to try
    /// again; nil when the reset must start over.
    case error(PasswordRequiredError, newState: ResetPasswordRequiredState?)
}

/// Receives the outcome of ``ResetPasswordRequiredState/submitPassword(password:delegate:)``, on the main actor.
@MainActor
public protocol ResetPasswordRequiredDelegate: AnyObject, Sendable {
    /// The password was not reset; submit another on `newState` when it is not nil.
    func onResetPasswordRequiredError(error: PasswordRequiredError, newState: ResetPasswordRequiredState?)
    /// The password was reset; sign in on `newState`.
    func onResetPasswordCompleted(newState: SignInAfterResetPasswordState)
}

extension ResetPasswordRequiredDelegate {
    public func onResetPasswordCompleted(newState: SignInAfterResetPasswordState) { DelegateDefault.reached(#function, newState.correlationId) }
}

extension ResetPasswordRequiredResult: DelegateDelivered {
    @MainActor func call(_ delegate: any ResetPasswordRequiredDelegate) {
        switch self {
        case .completed(let state): delegate.onResetPasswordCompleted(newState: state)
        case .error(let error, let state): delegate.onResetPasswordRequiredError(error: error, newState: state)
        }
    }
}

// MARK: - Sign-in after the reset

/// A completed password reset: the user can be signed in without being asked anything again.
///
/// Single-use: one sign-in. A network failure hands the same state back; when the reset ended
/// without a continuation token, ``signIn(parameters:)`` fails locally (sign in is not available at
/// this point: use ``NativeAuthPublicClientApplication/signIn(parameters:)`` with the new password).
public final class SignInAfterResetPasswordState: Sendable {
    let core: SignInAfterFlowCore

    init(core: SignInAfterFlowCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Signs the user in with the reset's continuation token (`grant_type=continuation_token`) and
    /// stores the account, as a sign-in does.
    public func signIn(parameters: NativeAuthSignInAfterResetPasswordParameters = NativeAuthSignInAfterResetPasswordParameters())
        async -> SignInAfterResetPasswordResult
    {
        await core.signIn(scopes: parameters.scopes, claims: parameters.claimsRequest, completed: { .completed($0) },
                          retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) })
    }

    /// Signs the user in and reports the outcome to `delegate` (see ``signIn(parameters:)``).
    public func signIn(parameters: NativeAuthSignInAfterResetPasswordParameters, delegate: any SignInAfterResetPasswordDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.signIn(parameters: parameters) }
    }
}

/// What signing in after a password reset came to.
public enum SignInAfterResetPasswordResult: Sendable, StrongAuthOutcomes, FailableStepResult {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// Not signed in. `newState` is where to try again after a network failure; nil otherwise (the
    /// password was reset: sign in with ``NativeAuthPublicClientApplication/signIn(parameters:)``).
    case error(SignInAfterResetPasswordError, newState: SignInAfterResetPasswordState?)
}

/// Receives the outcome of ``SignInAfterResetPasswordState/signIn(parameters:delegate:)``, on the main actor.
@MainActor
public protocol SignInAfterResetPasswordDelegate: SignInStrongAuthDelegate {
    /// The user was not signed in (the password was reset: a standalone sign-in can still work).
    func onSignInAfterResetPasswordError(error: SignInAfterResetPasswordError)
}

extension SignInAfterResetPasswordResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignInAfterResetPasswordDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state): delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .error(let error, _): delegate.onSignInAfterResetPasswordError(error: error)
        }
    }
}
