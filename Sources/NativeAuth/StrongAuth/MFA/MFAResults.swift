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

/// What submitting a second factor's code came to.
public enum MFASubmitChallengeResult: Sendable {
    /// Signed in.
    case completed(NativeAuthUserAccountResult)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network
    /// failure); nil when the sign-in must start over.
    case error(MFASubmitChallengeError, newState: MFARequiredState?)
}
