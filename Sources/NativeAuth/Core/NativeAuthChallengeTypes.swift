/// The kinds of challenge the application can handle: which sign-in methods it offers.
///
/// `redirect` is always sent as well, so the server can tell the app to fall back to a browser.
public struct NativeAuthChallengeTypes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// One-time passcodes sent out of band (email).
    public static let OOB = NativeAuthChallengeTypes(rawValue: 1 << 0)
    /// Passwords.
    public static let password = NativeAuthChallengeTypes(rawValue: 1 << 1)

    /// The wire form: `oob`, `password` in that order, then `redirect`.
    var wireValue: String {
        var values: [String] = []
        if contains(.OOB) { values.append("oob") }
        if contains(.password) { values.append("password") }
        values.append("redirect")
        return values.joined(separator: " ")
    }
}

/// Extra flows the application can run; sent as `capabilities` on the call that starts a flow.
public struct NativeAuthCapabilities: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The app can run the in-line multi-factor loop.
    public static let mfaRequired = NativeAuthCapabilities(rawValue: 1 << 0)
    /// The app can register a strong-authentication method.
    public static let registrationRequired = NativeAuthCapabilities(rawValue: 1 << 1)

    /// The wire form, or nil when empty (then the parameter is left out).
    var wireValue: String? {
        var values: [String] = []
        if contains(.mfaRequired) { values.append("mfa_required") }
        if contains(.registrationRequired) { values.append("registration_required") }
        return values.isEmpty ? nil : values.joined(separator: " ")
    }
}
