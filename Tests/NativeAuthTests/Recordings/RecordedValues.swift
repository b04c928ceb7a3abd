import Foundation

/// The values the recordings in `Tests/Recordings` use.
enum Recorded {
    static let username = "user@example.com"
    static let sentTo = "u***r@e*****e.com"
    static let code = "12345678"
    static let wrongCode = "00000000"
    static let password = "Fake-Passw0rd!"
    static let wrongPassword = "Wrong-Passw0rd!"
    /// The password a sign-up's recordings have the policy refuse (a placeholder, whatever the rule).
    static let refusedPassword = "fake"
    /// Every password a recording may send.
    static let passwords = [password, wrongPassword, refusedPassword]
    static let apiScope = "api://contoso-api/Data.Read"
    static let accessToken = "fake-access-token-1"
    static let refreshToken = "fake-refresh-token-1"
    /// `uid.utid` from the recorded `client_info`.
    static let accountIdentifier = "00000000-0000-0000-0000-0000000fa4e1.aaaabbbb-0000-cccc-1111-dddd2222eeee"
}
