#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// Sign-up as the app sees it: each state, what each call on it comes to (its result enum), and the
// delegate that hears that outcome (one method per case; the error method required, the others
// optional). A new step of the sign-up is written here, in `SignUpFlow` and in `SignUpStep`.

// MARK: - Start

/// What starting a sign-up came to. Each case carries the state to go on with.
///
/// ```swift
/// switch await app.signUp(parameters: NativeAuthSignUpParameters(username: email)) {
/// case .codeRequired(let state, let sentTo, _, let codeLength): ...
/// case .attributesInvalid(let names): print("Check \(names.joined(separator: ", "))")
/// case .error(let error): print(error.errorDescription ?? "")
/// }
/// ```
public enum SignUpStartResult: Sendable {
    /// A code was sent to verify the address; submit it on `newState`.
    case codeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The server refused the values of these attributes (`attribute_validation_failed`): start again
    /// with other values.
    case attributesInvalid(attributeNames: [String])
    /// The sign-up could not start.
    case error(SignUpStartError)
}

/// Receives the outcome of ``NativeAuthPublicClientApplication/signUp(parameters:delegate:)``, on the main actor.
///
/// Only ``onSignUpStartError(error:)`` is required. A callback the flow reaches but the delegate does
/// not implement is reported through the error callback as a "delegate method not implemented" error.
@MainActor
public protocol SignUpStartDelegate: AnyObject, Sendable {
    /// The sign-up could not start.
    func onSignUpStartError(error: SignUpStartError)
    /// A code was sent to `sentTo` to verify the address; submit it on `newState`.
    func onSignUpCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// The server refused the values of these attributes: start again with other values.
    func onSignUpAttributesInvalid(attributeNames: [String])
}

extension SignUpStartDelegate {
    public func onSignUpCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        DelegateDefault.reached(#function, newState.correlationId)
    }

    public func onSignUpAttributesInvalid(attributeNames: [String]) { DelegateDefault.reached(#function) }
}

extension SignUpStartResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignUpStartDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignUpCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .attributesInvalid(let names): delegate.onSignUpAttributesInvalid(attributeNames: names)
        case .error(let error): delegate.onSignUpStartError(error: error)
        }
    }
}

// MARK: - Code required

/// A sign-up waiting for the one-time code sent to verify the new user's address.
///
/// Single-use: once a call has moved the flow on (the code was accepted, or a new code was sent),
/// the state is used up and calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``,
/// sending nothing. A wrong code (or a network failure) hands the same state back to try again.
///
/// - See Also: ``NativeAuthPublicClientApplication/signUp(parameters:)``, ``SignUpPasswordRequiredState``,
///   ``SignUpAttributesRequiredState``, ``SignInAfterSignUpState``
public final class SignUpCodeRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code the user received. When it is right, the server creates the account or asks
    /// for what it still needs (a password, attributes).
    public func submitCode(code: String) async -> SignUpVerifyCodeResult {
        await core.run(handingBack: self) { await core.environment.signUp.submitCode(code, on: core) }
    }

    /// Submits the code and reports the outcome to `delegate` (see ``submitCode(code:)``).
    public func submitCode(code: String, delegate: any SignUpVerifyCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitCode(code: code) }
    }

    /// Asks the server to send a new code; the current code stops working.
    public func resendCode() async -> SignUpResendCodeResult {
        await core.run(handingBack: self) { await core.environment.signUp.resendCode(on: core) }
    }

    /// Asks for a new code and reports the outcome to `delegate` (see ``resendCode()``).
    public func resendCode(delegate: any SignUpResendCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.resendCode() }
    }
}

/// What submitting the code of a sign-up came to.
public enum SignUpVerifyCodeResult: Sendable {
    /// The account was created; sign in on `newState` without asking the user again.
    case completed(SignInAfterSignUpState)
    /// The address is verified and the account needs a password (`credential_required`): submit it on `newState`.
    case passwordRequired(newState: SignUpPasswordRequiredState)
    /// The address is verified and the server asks for these attributes: submit them on `newState`.
    case attributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network failure);
    /// nil when the sign-up cannot go on and must start over.
    case error(VerifyCodeError, newState: SignUpCodeRequiredState?)
}

/// Receives the outcome of ``SignUpCodeRequiredState/submitCode(code:delegate:)``, on the main actor.
@MainActor
public protocol SignUpVerifyCodeDelegate: SignUpContinuationDelegate {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onSignUpVerifyCodeError(error: VerifyCodeError, newState: SignUpCodeRequiredState?)
    /// The account needs a password; submit it on `newState`.
    func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState)
}

extension SignUpVerifyCodeDelegate {
    public func onSignUpPasswordRequired(newState: SignUpPasswordRequiredState) { DelegateDefault.reached(#function, newState.correlationId) }
}

extension SignUpVerifyCodeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignUpVerifyCodeDelegate) {
        switch self {
        case .completed(let state): delegate.onSignUpCompleted(newState: state)
        case .passwordRequired(let state): delegate.onSignUpPasswordRequired(newState: state)
        case .attributesRequired(let attributes, let state): delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .error(let error, let state): delegate.onSignUpVerifyCodeError(error: error, newState: state)
        }
    }
}

/// What asking for a new sign-up code came to.
public enum SignUpResendCodeResult: Sendable {
    /// A new code was sent; the previous state and code are used up.
    case codeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No new code. `newState` is where to go on when the old state is still good.
    case error(ResendCodeError, newState: SignUpCodeRequiredState?)
}

/// Receives the outcome of ``SignUpCodeRequiredState/resendCode(delegate:)``, on the main actor.
@MainActor
public protocol SignUpResendCodeDelegate: AnyObject, Sendable {
    /// No new code was sent; go on with `newState` when it is not nil.
    func onSignUpResendCodeError(error: ResendCodeError, newState: SignUpCodeRequiredState?)
    /// A new code was sent; submit it on `newState`.
    func onSignUpResendCodeCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension SignUpResendCodeDelegate {
    public func onSignUpResendCodeCodeRequired(newState: SignUpCodeRequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}

extension SignUpResendCodeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignUpResendCodeDelegate) {
        switch self {
        case .codeRequired(let state, let sentTo, let channel, let length):
            delegate.onSignUpResendCodeCodeRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state): delegate.onSignUpResendCodeError(error: error, newState: state)
        }
    }
}

// MARK: - Password required

/// A sign-up whose address is verified, waiting for the new account's password.
///
/// Single-use like ``SignUpCodeRequiredState``: a password the policy refuses (``PasswordRequiredError/isInvalidPassword``,
/// with `serverSubError` naming the rule) hands the same state back to try another.
public final class SignUpPasswordRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the new account's password.
    public func submitPassword(password: String) async -> SignUpPasswordRequiredResult {
        await core.run(handingBack: self) { await core.environment.signUp.submitPassword(password, on: core) }
    }

    /// Submits the password and reports the outcome to `delegate` (see ``submitPassword(password:)``).
    public func submitPassword(password: String, delegate: any SignUpPasswordRequiredDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitPassword(password: password) }
    }
}

/// What submitting a sign-up's password came to.
public enum SignUpPasswordRequiredResult: Sendable {
    /// The account was created; sign in on `newState`.
    case completed(SignInAfterSignUpState)
    /// The server asks for these attributes next: submit them on `newState`.
    case attributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The password was not accepted. `newState` is where to try again (the password policy refused
    /// it, a network failure); nil when the sign-up must start over.
    case error(PasswordRequiredError, newState: SignUpPasswordRequiredState?)
}

/// Receives the outcome of ``SignUpPasswordRequiredState/submitPassword(password:delegate:)``, on the main actor.
@MainActor
public protocol SignUpPasswordRequiredDelegate: SignUpContinuationDelegate {
    /// The password was not accepted; retry on `newState` when it is not nil.
    func onSignUpPasswordRequiredError(error: PasswordRequiredError, newState: SignUpPasswordRequiredState?)
}

extension SignUpPasswordRequiredResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignUpPasswordRequiredDelegate) {
        switch self {
        case .completed(let state): delegate.onSignUpCompleted(newState: state)
        case .attributesRequired(let attributes, let state): delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .error(let error, let state): delegate.onSignUpPasswordRequiredError(error: error, newState: state)
        }
    }
}

// MARK: - Attributes required

/// A sign-up waiting for user attributes the server requires before it creates the account.
///
/// Single-use like ``SignUpCodeRequiredState``. Values the server refuses come back as
/// ``SignUpAttributesRequiredResult/attributesInvalid(attributeNames:newState:)`` with this same
/// state; values that cannot be sent (not of a JSON type) fail locally and hand it back too.
public final class SignUpAttributesRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits attribute values keyed by programmatic name, converted as
    /// ``NativeAuthSignUpParameters/attributes`` are.
    public func submitAttributes(attributes: [String: Any]) async -> SignUpAttributesRequiredResult {
        await submitAttributes(SignUpAttributes(attributes))
    }

    /// Submits the attributes and reports the outcome to `delegate` (see ``submitAttributes(attributes:)``).
    public func submitAttributes(attributes: [String: Any], delegate: any SignUpAttributesRequiredDelegate) {
        let converted = SignUpAttributes(attributes)
        DelegateDispatch.deliver(to: delegate) { await self.submitAttributes(converted) }
    }

    /// Submits attributes already converted (the delegate form converts before its task starts).
    func submitAttributes(_ attributes: SignUpAttributes) async -> SignUpAttributesRequiredResult {
        await core.run(handingBack: self) { await core.environment.signUp.submitAttributes(attributes, on: core, state: self) }
    }
}

/// What submitting a sign-up's attributes came to.
public enum SignUpAttributesRequiredResult: Sendable {
    /// The account was created; sign in on `newState`.
    case completed(SignInAfterSignUpState)
    /// The server asks for (more) attributes: submit them on `newState`.
    case attributesRequired(attributes: [NativeAuthRequiredAttribute], newState: SignUpAttributesRequiredState)
    /// The server refused the values of these attributes; `newState` is the same state, to submit
    /// other values on.
    case attributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState)
    /// The attributes were not accepted. `newState` is where to try again (a value that cannot be
    /// sent, a network failure); nil when the sign-up must start over.
    case error(AttributesRequiredError, newState: SignUpAttributesRequiredState?)
}

/// Receives the outcome of ``SignUpAttributesRequiredState/submitAttributes(attributes:delegate:)``, on the main actor.
@MainActor
public protocol SignUpAttributesRequiredDelegate: SignUpContinuationDelegate {
    /// The attributes were not accepted and the sign-up cannot go on with this call's outcome. As in
    /// MSAL there is no state here; when ``NativeAuthError/isServerUnavailable`` or
    /// ``AttributesRequiredError/isInvalidAttributes`` is true, the state you called is still good.
    func onSignUpAttributesRequiredError(error: AttributesRequiredError)
    /// The server refused the values of these attributes; submit other values on `newState`.
    func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState)
}

extension SignUpAttributesRequiredDelegate {
    public func onSignUpAttributesInvalid(attributeNames: [String], newState: SignUpAttributesRequiredState) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}

extension SignUpAttributesRequiredResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignUpAttributesRequiredDelegate) {
        switch self {
        case .completed(let state): delegate.onSignUpCompleted(newState: state)
        case .attributesRequired(let attributes, let state): delegate.onSignUpAttributesRequired(attributes: attributes, newState: state)
        case .attributesInvalid(let names, let state): delegate.onSignUpAttributesInvalid(attributeNames: names, newState: state)
        case .error(let error, _): delegate.onSignUpAttributesRequiredError(error: error)
        }
    }
}

// MARK: - Sign-in after sign-up

/// A completed sign-up: the new user can be signed in without being asked anything again.
///
/// Single-use: one sign-in. A network failure hands the same state back; when the sign-up ended
/// without a continuation token, ``signIn(parameters:)`` fails locally (sign in is not available at
/// this point: use ``NativeAuthPublicClientApplication/signIn(parameters:)``).
public final class SignInAfterSignUpState: Sendable {
    let core: SignInAfterFlowCore

    init(core: SignInAfterFlowCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Signs the new user in with the sign-up's continuation token (`grant_type=continuation_token`)
    /// and stores the account, as a sign-in does.
    public func signIn(parameters: NativeAuthSignInAfterSignUpParameters = NativeAuthSignInAfterSignUpParameters()) async -> SignInAfterSignUpResult {
        await core.signIn(scopes: parameters.scopes, claims: parameters.claimsRequest, completed: { .completed($0) },
                          retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) })
    }

    /// Signs the new user in and reports the outcome to `delegate` (see ``signIn(parameters:)``).
    public func signIn(parameters: NativeAuthSignInAfterSignUpParameters, delegate: any SignInAfterSignUpDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.signIn(parameters: parameters) }
    }
}

/// What signing in after a sign-up came to.
public enum SignInAfterSignUpResult: Sendable, StrongAuthOutcomes, FailableStepResult {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The server wants a second factor: choose one of `authMethods` and request its code on
    /// `newState` (only when the app advertised ``NativeAuthCapabilities/mfaRequired``).
    case awaitingMFA(authMethods: [AuthMethod], newState: AwaitingMFAState)
    /// The user must register a strong-authentication method first: challenge one of `authMethods`
    /// on `newState` (only when the app advertised ``NativeAuthCapabilities/registrationRequired``).
    case strongAuthMethodRegistration(authMethods: [AuthMethod], newState: RegisterStrongAuthState)
    /// Not signed in. `newState` is where to try again after a network failure; nil otherwise (the
    /// account exists: sign in with ``NativeAuthPublicClientApplication/signIn(parameters:)``).
    case error(SignInAfterSignUpError, newState: SignInAfterSignUpState?)
}

/// Receives the outcome of ``SignInAfterSignUpState/signIn(parameters:delegate:)``, on the main actor.
@MainActor
public protocol SignInAfterSignUpDelegate: SignInStrongAuthDelegate {
    /// The new user was not signed in (the account exists: a standalone sign-in can still work).
    func onSignInAfterSignUpError(error: SignInAfterSignUpError)
}

extension SignInAfterSignUpResult: DelegateDelivered {
    @MainActor func call(_ delegate: any SignInAfterSignUpDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .awaitingMFA(let methods, let state): delegate.onSignInAwaitingMFA(authMethods: methods, newState: state)
        case .strongAuthMethodRegistration(let methods, let state): delegate.onSignInStrongAuthMethodRegistration(authMethods: methods, newState: state)
        case .error(let error, _): delegate.onSignInAfterSignUpError(error: error)
        }
    }
}
