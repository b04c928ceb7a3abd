import NativeAuthShared

/// What a sign-up flow has collected so far for the account it will create: nothing becomes a user
/// until the flow completes, so an unverified sign-up leaves no user.
struct SignUpProgress: Codable, Sendable {
    /// The address as the user typed it.
    var username: String
    /// The method the account will sign in with.
    var method: SignInMethod
    /// The password's hash, once one was accepted (password sign-ups).
    var passwordHash: String?
    /// The attributes accepted so far, by name.
    var attributes: [String: JSONValue]
    /// Whether the address was verified with a code.
    var verified: Bool
}
