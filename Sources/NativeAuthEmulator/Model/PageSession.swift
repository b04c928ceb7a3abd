/// What an `/authorize` request asked for, kept while the user signs in on the pages.
struct AuthorizeRequest: Codable, Sendable, Equatable {
    var clientId: String
    var redirectUri: String
    var scope: String
    var state: String?
    var nonce: String?
    var codeChallenge: String
    var loginHint: String?
    /// `query` (the default) or `form_post`: how the answer goes back to the redirect URI.
    var responseMode: String? = nil
}

/// One sign-in in the browser: its purpose, the step it shows, and the user once known.
struct PageSession: Codable, Sendable {
    enum Purpose: Codable, Sendable {
        /// The authorization-code flow: ends with a redirect to the app's loopback URI.
        case authorize(AuthorizeRequest)
        /// The verification page of a device code (the digest key of the device code, once the user typed it).
        case device(deviceCodeKey: String?)
    }

    enum Step: String, Codable, Sendable {
        /// `secondFactor`: the code sent to the user's second factor (or to the contact being
        /// registered); `registerContact`: the address to register as one, for a user who must.
        case userCode, username, code, password, secondFactor, registerContact, confirm
    }

    var purpose: Purpose
    var step: Step
    var userKey: String?
    /// SHA-256 of the session key and the code sent, for OTP users.
    var codeHash: String?
    var codeExpiresAt: Double?
    /// Where the second factor's code went (its channel and contact), and whether that contact is
    /// being registered (it becomes the user's method once its code is entered).
    var secondFactor: StrongAuthMethod?
    var registering: Bool?
    var failedAttempts: Int = 0
    var expiresAt: Double
}
