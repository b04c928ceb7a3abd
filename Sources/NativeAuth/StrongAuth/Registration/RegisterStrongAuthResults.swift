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

/// What submitting the code of the contact being registered came to.
public enum RegisterStrongAuthSubmitChallengeResult: Sendable {
    /// The method is registered and the user signed in.
    case completed(NativeAuthUserAccountResult)
    /// The code was not accepted. `newState` is where to try again (a wrong code, a network
    /// failure); nil when the sign-in must start over.
    case error(RegisterStrongAuthSubmitChallengeError, newState: RegisterStrongAuthVerificationRequiredState?)
}
