#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The registration of a strong-authentication method as the app sees it: each state, what each
// call on it comes to (its result enum), and the delegate that hears that outcome (one method per
// case; the error method required, the others optional). A new step is written here, in
// `RegisterStrongAuthFlow` and in `RegisterStrongAuthStep`.

// MARK: - Registration required

/// A sign-in whose first factor was accepted, waiting for the user to register a
/// strong-authentication method (an email address or a phone number to receive codes).
///
/// Reached through the `strongAuthMethodRegistration` case of a sign-in result, when the app
/// advertised ``NativeAuthCapabilities/registrationRequired``. Single-use: a refused or blocked
/// contact, or a network failure, hands the same state back to try again.
///
/// ```swift
/// if case .strongAuthMethodRegistration(let methods, let state) = result {
///     let email = methods.first { $0.channelTargetType.isEmailType } ?? methods[0]
///     let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: email, verificationContact: address)
///     switch await state.challengeAuthMethod(parameters: parameters) {
///     case .verificationRequired(let sent): _ = await sent.newState.submitChallenge(challenge: code)
///     case .completed(let result): print("Signed in as \(result.account.username)")
///     case .error(let error, _): print(error.errorDescription ?? "")
///     }
/// }
/// ```
public final class RegisterStrongAuthState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Sends a code to `parameters.verificationContact` for `parameters.authMethod`; when the server
    /// already trusts the contact (`preverified`), registers it and signs the user in at once.
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters) async -> RegisterStrongAuthChallengeResult {
        await core.run(handingBack: self) { await core.environment.registration.challenge(parameters, on: core, again: false) }
    }

    /// Challenges the method and reports the outcome to `delegate` (see ``challengeAuthMethod(parameters:)``).
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters, delegate: any RegisterStrongAuthChallengeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.challengeAuthMethod(parameters: parameters) }
    }
}

/// A code was sent to verify the contact being registered.
public struct RegisterStrongAuthVerificationRequiredResult: Sendable {
    /// Where to submit the code, or ask for another one.
    public let newState: RegisterStrongAuthVerificationRequiredState
    /// The contact the code went to.
    public let sentTo: String
    /// The channel the code went by.
    public let channelTargetType: NativeAuthChannelType
    /// How many characters the code has.
    public let codeLength: Int
}

/// MSAL's name for ``RegisterStrongAuthVerificationRequiredResult``
/// (`MSALNativeAuthRegisterStrongAuthVerificationRequiredResult`, the prefix removed), so a ported
/// `onRegisterStrongAuthVerificationRequired(result:)` compiles unchanged.
public typealias NativeAuthRegisterStrongAuthVerificationRequiredResult = RegisterStrongAuthVerificationRequiredResult

/// What challenging a method to register came to.
///
/// ```swift
/// switch await state.challengeAuthMethod(parameters: parameters) {
/// case .verificationRequired(let sent): print("Enter the code sent to \(sent.sentTo)")
/// case .completed(let result): print("Signed in as \(result.account.username)") // preverified
/// case .error(let error, let state): print(error.errorDescription ?? "") // retry on `state` if not nil
/// }
/// ```
public enum RegisterStrongAuthChallengeResult: Sendable {
    /// A code was sent to the contact; submit it on the result's state.
    case verificationRequired(RegisterStrongAuthVerificationRequiredResult)
    /// The contact was already verified (the address a sign-up just verified): the method is
    /// registered and the user signed in.
    case completed(NativeAuthUserAccountResult)
    /// No code was sent. `newState` is where to try again (another contact, after a network
    /// failure); nil when the sign-in must start over.
    case error(RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?)
}

/// Receives the outcome of ``RegisterStrongAuthState/challengeAuthMethod(parameters:delegate:)`` and
/// ``RegisterStrongAuthVerificationRequiredState/challengeAuthMethod(parameters:delegate:)``, on the main actor.
@MainActor
public protocol RegisterStrongAuthChallengeDelegate: SignInCompletedDelegate {
    /// No code was sent; try again on `newState` when it is not nil.
    func onRegisterStrongAuthChallengeError(error: RegisterStrongAuthChallengeError, newState: RegisterStrongAuthState?)
    /// A code was sent to the contact; submit it on `result.newState`.
    func onRegisterStrongAuthVerificationRequired(result: RegisterStrongAuthVerificationRequiredResult)
}

extension RegisterStrongAuthChallengeDelegate {
    public func onRegisterStrongAuthVerificationRequired(result: RegisterStrongAuthVerificationRequiredResult) {
        DelegateDefault.reached(#function, result.newState.correlationId)
    }
}

extension RegisterStrongAuthChallengeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any RegisterStrongAuthChallengeDelegate) {
        switch self {
        case .verificationRequired(let result): delegate.onRegisterStrongAuthVerificationRequired(result: result)
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state): delegate.onRegisterStrongAuthChallengeError(error: error, newState: state)
        }
    }
}

// MARK: - Verification required

/// A registration waiting for the code sent to the contact being registered.
///
/// Single-use: a wrong code or a network failure hands the same state back;
/// ``challengeAuthMethod(parameters:)`` sends a new code (to the same contact or another one). When
/// that is refused, this state stays usable too: the code already sent can still be submitted.
///
/// ```swift
/// switch await state.submitChallenge(challenge: code) {
/// case .completed(let result): print("Registered; signed in as \(result.account.username)")
/// case .error(let error, let retry): print(error.errorDescription ?? "") // retry on `retry` if not nil
/// }
/// ```
public final class RegisterStrongAuthVerificationRequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Submits the code (`/register/v1.0/continue`), then signs the user in.
    public func submitChallenge(challenge: String) async -> RegisterStrongAuthSubmitChallengeResult {
        await core.run(handingBack: self) { await core.environment.registration.submit(challenge, on: core) }
    }

    /// Submits the code and reports the outcome to `delegate` (see ``submitChallenge(challenge:)``).
    public func submitChallenge(challenge: String, delegate: any RegisterStrongAuthSubmitChallengeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitChallenge(challenge: challenge) }
    }

    /// Sends a new code: to the same contact (a resend) or another one. A failure that leaves the
    /// registration good (a refused resend among them) answers a ``RegisterStrongAuthState`` to try
    /// again on, and leaves this state usable, so the code already sent can still be submitted: the
    /// error's ``RegisterStrongAuthChallengeError/leavesSentCodeUsable`` says so.
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters) async -> RegisterStrongAuthChallengeResult {
        await core.run(handingBack: nil) {
            await core.environment.registration.challenge(parameters, on: core, again: true)
                .handingBack { .error($0.leavingSentCodeUsable(), newState: RegisterStrongAuthState(core: core.successor())) }
        }
    }

    /// Sends a new code and reports the outcome to `delegate` (see ``challengeAuthMethod(parameters:)``).
    public func challengeAuthMethod(parameters: NativeAuthChallengeAuthMethodParameters, delegate: any RegisterStrongAuthChallengeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.challengeAuthMethod(parameters: parameters) }
    }
}

/// What submitting the code of the contact being registered came to.
public enum RegisterStrongAuthSubmitChallengeResult: Sendable {
    /// The method is registered and the user signed in.
    case completed(NativeAuthUserAccountResult)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network
    /// failure); nil when the sign-in must start over.
    case error(RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)
}

/// Receives the outcome of ``RegisterStrongAuthVerificationRequiredState/submitChallenge(challenge:delegate:)``, on the main actor.
@MainActor
public protocol RegisterStrongAuthSubmitChallengeDelegate: SignInCompletedDelegate {
    /// The code was not accepted, or the sign-in after it failed; retry on `newState` when it is not nil.
    func onRegisterStrongAuthSubmitChallengeError(error: RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)
}

extension RegisterStrongAuthSubmitChallengeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any RegisterStrongAuthSubmitChallengeDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state): delegate.onRegisterStrongAuthSubmitChallengeError(error: error, newState: state)
        }
    }
}
