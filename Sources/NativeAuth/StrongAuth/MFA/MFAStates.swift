#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// A sign-in's second factor as the app sees it: each state, what each call on it comes to (its
// result enum), and the delegate that hears that outcome (one method per case; the error method
// required, the others optional). A new step is written here, in `MFAFlow` and in `MFAStep`.

// MARK: - Awaiting MFA

/// A sign-in whose first factor was accepted, waiting for the user to choose a second factor.
///
/// Reached through the `awaitingMFA` case of a sign-in result (a password, an email code, the
/// sign-in after a sign-up or a password reset), when the app advertised
/// ``NativeAuthCapabilities/mfaRequired``. Single-use: one ``requestChallenge(authMethod:)`` moves the
/// flow on to an ``MFARequiredState``, even when it fails in a way that can be retried.
///
/// ```swift
/// if case .awaitingMFA(let methods, let awaiting) = result,
///    case .verificationRequired(let state, let sentTo, _, _) = await awaiting.requestChallenge(authMethod: methods[0]) {
///     print("Enter the code sent to \(sentTo)")
///     _ = await state.submitChallenge(challenge: code)
/// }
/// ```
public final class AwaitingMFAState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Sends a code on `authMethod` (one of the methods the sign-in listed). A failure that leaves
    /// the sign-in good (another method may work, a network failure) answers an ``MFARequiredState``
    /// to ask again on.
    public func requestChallenge(authMethod: AuthMethod) async -> MFARequestChallengeResult {
        await core.run(handingBack: nil) {
            await core.environment.mfa.requestChallenge(authMethod, on: core, again: false)
                .handingOn { .error($0, newState: MFARequiredState(core: core.successor())) }
        }
    }

    /// Sends a code on `authMethod` and reports the outcome to `delegate` (see ``requestChallenge(authMethod:)``).
    public func requestChallenge(authMethod: AuthMethod, delegate: any MFARequestChallengeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.requestChallenge(authMethod: authMethod) }
    }
}

/// What asking for a second factor's code came to.
///
/// ```swift
/// switch await awaiting.requestChallenge(authMethod: method) {
/// case .verificationRequired(let state, let sentTo, _, let codeLength): ...
/// case .error(let error, let state): print(error.errorDescription ?? "") // retry on `state` if not nil
/// }
/// ```
public enum MFARequestChallengeResult: Sendable {
    /// A code was sent to `sentTo` (masked); submit it on `newState`, or ask again on it (a resend,
    /// or another method).
    case verificationRequired(newState: MFARequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
    /// No code was sent. `newState` is where to ask again (another method, after a network failure);
    /// nil when the sign-in must start over.
    case error(MFARequestChallengeError, newState: MFARequiredState?)
}

/// Receives the outcome of ``AwaitingMFAState/requestChallenge(authMethod:delegate:)`` and
/// ``MFARequiredState/requestChallenge(authMethod:delegate:)``, on the main actor.
@MainActor
public protocol MFARequestChallengeDelegate: AnyObject, Sendable {
    /// No code was sent; ask again on `newState` when it is not nil.
    func onMFARequestChallengeError(error: MFARequestChallengeError, newState: MFARequiredState?)
    /// A code was sent to `sentTo` (masked); submit it on `newState`.
    func onMFARequestChallengeVerificationRequired(newState: MFARequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int)
}

extension MFARequestChallengeDelegate {
    public func onMFARequestChallengeVerificationRequired(
        newState: MFARequiredState, sentTo: String, channelTargetType: NativeAuthChannelType, codeLength: Int
    ) {
        DelegateDefault.reached(#function, newState.correlationId)
    }
}

extension MFARequestChallengeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any MFARequestChallengeDelegate) {
        switch self {
        case .verificationRequired(let state, let sentTo, let channel, let length):
            delegate.onMFARequestChallengeVerificationRequired(newState: state, sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .error(let error, let state): delegate.onMFARequestChallengeError(error: error, newState: state)
        }
    }
}

// MARK: - MFA required

/// A sign-in waiting for the code of a second factor.
///
/// Single-use like ``SignInCodeRequiredState``: a wrong code, a blocked method, a refused resend or a
/// network failure hands the same state back (after a refused resend, the code already sent still
/// works); ``requestChallenge(authMethod:)`` sends a new code (the same method again, or another
/// one) and moves on to a new state.
///
/// ```swift
/// switch await state.submitChallenge(challenge: code) {
/// case .completed(let result): print("Signed in as \(result.account.username)")
/// case .error(let error, let retry): print(error.errorDescription ?? "") // retry on `retry` if not nil
/// }
/// ```
public final class MFARequiredState: Sendable {
    let core: FlowStateCore

    init(core: FlowStateCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Sends a new code on `authMethod`: a resend, or a switch to another method.
    public func requestChallenge(authMethod: AuthMethod) async -> MFARequestChallengeResult {
        await core.run(handingBack: self) { await core.environment.mfa.requestChallenge(authMethod, on: core, again: true) }
    }

    /// Sends a new code on `authMethod` and reports the outcome to `delegate` (see ``requestChallenge(authMethod:)``).
    public func requestChallenge(authMethod: AuthMethod, delegate: any MFARequestChallengeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.requestChallenge(authMethod: authMethod) }
    }

    /// Submits the code the user received (`grant_type=mfa_oob`) and stores the account.
    public func submitChallenge(challenge: String) async -> MFASubmitChallengeResult {
        await core.run(handingBack: self) { await core.environment.mfa.submitChallenge(challenge, on: core) }
    }

    /// Submits the code and reports the outcome to `delegate` (see ``submitChallenge(challenge:)``).
    public func submitChallenge(challenge: String, delegate: any MFASubmitChallengeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.submitChallenge(challenge: challenge) }
    }
}

/// What submitting a second factor's code came to.
public enum MFASubmitChallengeResult: Sendable {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network
    /// failure); nil when the sign-in must start over.
    case error(MFASubmitChallengeError, newState: MFARequiredState?)
}

/// Receives the outcome of ``MFARequiredState/submitChallenge(challenge:delegate:)``, on the main actor.
@MainActor
public protocol MFASubmitChallengeDelegate: SignInCompletedDelegate {
    /// The code was not accepted; retry on `newState` when it is not nil.
    func onMFASubmitChallengeError(error: MFASubmitChallengeError, newState: MFARequiredState?)
}

extension MFASubmitChallengeResult: DelegateDelivered {
    @MainActor func call(_ delegate: any MFASubmitChallengeDelegate) {
        switch self {
        case .completed(let result): delegate.onSignInCompleted(result: result)
        case .error(let error, let state): delegate.onMFASubmitChallengeError(error: error, newState: state)
        }
    }
}
