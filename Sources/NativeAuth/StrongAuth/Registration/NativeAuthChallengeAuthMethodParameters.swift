/// What ``RegisterStrongAuthState/challengeAuthMethod(parameters:)`` needs: the method to register
/// and the contact to verify it on.
///
/// ```swift
/// let email = methods.first { $0.channelTargetType.isEmailType }!
/// let parameters = NativeAuthChallengeAuthMethodParameters(authMethod: email,
///                                                          verificationContact: email.loginHint ?? typedAddress)
/// ```
public struct NativeAuthChallengeAuthMethodParameters: Sendable, Hashable {
    /// One of the methods the sign-in listed.
    public var authMethod: AuthMethod
    /// The email address or the phone number (international form, `+` then digits) to register.
    public var verificationContact: String

    /// Creates the parameters.
    public init(authMethod: AuthMethod, verificationContact: String) {
        self.authMethod = authMethod
        self.verificationContact = verificationContact
    }
}
