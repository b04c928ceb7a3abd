/// A strong-authentication method: one of a user's second factors (after
/// ``SignInStartResult/awaitingMFA(authMethods:newState:)``), or a kind of method the user can
/// register (after ``SignInStartResult/strongAuthMethodRegistration(authMethods:newState:)``).
///
/// ```swift
/// if case .awaitingMFA(let methods, let state) = await app.signIn(parameters: parameters) {
///     let sms = methods.first { $0.channelTargetType.isSMSType } ?? methods[0]
///     print("A code goes to \(sms.loginHint ?? sms.channelTargetType.value)")
///     _ = await state.requestChallenge(authMethod: sms)
/// }
/// ```
public struct AuthMethod: Sendable, Hashable {
    /// The server's id of the method: an opaque id for a second factor, `email` or `sms` for a
    /// method to register. Sent back as is.
    public let id: String
    /// How the method is proven, as the server names it (`oob`: a one-time code).
    public let challengeType: String
    /// Where the code goes (`email`, `sms`).
    public let channelTargetType: NativeAuthChannelType
    /// The masked address or number of a second factor, or the address to suggest when registering
    /// one; nil when the server sent none.
    public let loginHint: String?

    /// Creates a method (the library builds them from the server's answers; this is for tests and previews).
    public init(id: String, challengeType: String, channelTargetType: NativeAuthChannelType, loginHint: String?) {
        self.id = id
        self.challengeType = challengeType
        self.channelTargetType = channelTargetType
        self.loginHint = loginHint
    }
}
