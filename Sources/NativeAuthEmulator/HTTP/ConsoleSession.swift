import Crypto
import Foundation
import Hummingbird
import NativeAuthShared

/// The console's sign-in (`/_emulator/console`): the admin token, typed once on its login page,
/// becomes a cookie, `nativeauth-console`, HttpOnly, SameSite=Strict, limited to the console's path
/// (and `Secure` over HTTPS). The cookie holds a value derived from the token, not the token: it
/// opens the console only (the JSON admin API still wants the token itself), and a new token (a new
/// start) makes every console cookie worthless. Each form also carries a second derived value
/// (``csrfValue(token:)``), checked on every post, besides the SameSite rule.
enum ConsoleSession {
    /// The cookie's name.
    static let cookieName = "nativeauth-console"
    /// The console's path, which the cookie is limited to.
    static let path = "/_emulator/console"

    /// The cookie's value for `token`.
    static func cookieValue(token: String) -> String {
        derived("console session", token: token)
    }

    /// The value every console form carries (`csrf`) for `token`.
    static func csrfValue(token: String) -> String {
        derived("console form", token: token)
    }

    /// Whether `request` carries the console cookie of `token`.
    static func isSignedIn(_ request: Request, token: String) -> Bool {
        guard let header = request.headers[.cookie] else { return false }
        let expected = cookieValue(token: token)
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName else { continue }
            if Secrets.constantTimeEquals(parts[1].trimmingCharacters(in: .whitespaces), expected) { return true }
        }
        return false
    }

    /// The `Set-Cookie` value that signs the console in (`secure`: the emulator serves HTTPS).
    static func setCookie(token: String, secure: Bool) -> String {
        "\(cookieName)=\(cookieValue(token: token)); Path=\(path); HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
    }

    /// The `Set-Cookie` value that signs it out.
    static let clearCookie = "\(cookieName)=; Path=\(path); HttpOnly; SameSite=Strict; Max-Age=0"

    /// The console's login page, which needs no sign-in.
    static let loginPath = "/_emulator/console/login"

    /// Whether a request's path is under the console.
    static func isConsole(_ path: String) -> Bool {
        path == Self.path || path.hasPrefix(Self.path + "/")
    }

    private static func derived(_ purpose: String, token: String) -> String {
        let key = SymmetricKey(data: Data(token.utf8))
        return Base64URL.encode(Array(HMAC<SHA256>.authenticationCode(for: Data(purpose.utf8), using: key)))
    }
}
