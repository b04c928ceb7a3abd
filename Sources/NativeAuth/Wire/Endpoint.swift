#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The endpoints the library calls (and the browser's sign-in page), as paths appended to the
/// authority: V1's, and V2's two OAuth endpoints (every other V2 step follows a link the server returned).
package enum Endpoint: String, Sendable, CaseIterable {
    case signInInitiate = "/oauth2/v2.0/initiate"
    case signInChallenge = "/oauth2/v2.0/challenge"
    /// The second factors of a user the server answered `mfa_required` for.
    case signInIntrospect = "/oauth2/v2.0/introspect"
    case token = "/oauth2/v2.0/token"
    case signUpStart = "/signup/v1.0/start"
    case signUpChallenge = "/signup/v1.0/challenge"
    case signUpContinue = "/signup/v1.0/continue"
    case resetPasswordStart = "/resetpassword/v1.0/start"
    case resetPasswordChallenge = "/resetpassword/v1.0/challenge"
    case resetPasswordContinue = "/resetpassword/v1.0/continue"
    case resetPasswordSubmit = "/resetpassword/v1.0/submit"
    case resetPasswordPollCompletion = "/resetpassword/v1.0/poll_completion"
    case registerIntrospect = "/register/v1.0/introspect"
    case registerChallenge = "/register/v1.0/challenge"
    case registerContinue = "/register/v1.0/continue"
    /// The browser's sign-in page (a GET the browser makes; the library only builds its URL).
    case authorize = "/oauth2/v2.0/authorize"
    /// The device authorization endpoint (RFC 8628 §3.1).
    case deviceCode = "/oauth2/v2.0/devicecode"
    /// V2's OAuth authorization challenge: a journey's entry (with `client_id`) and, once the journey
    /// reached `state: continue`, its resume (with the continuation token alone) for an authorization
    /// code (docs/PROTOCOL.md §19, §25).
    case authorizeChallenge = "/oauth2/v2.0/authorize-challenge"

    /// The endpoint's URL under `authority` (its path is appended to the authority's path).
    func url(authority: URL) -> URL {
        var components = URLComponents(url: authority, resolvingAgainstBaseURL: false)!
        let base = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.path = base + rawValue
        components.query = nil
        components.fragment = nil
        return components.url!
    }
}
