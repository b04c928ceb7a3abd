import Crypto
import Foundation
import Hummingbird
import NativeAuthShared

/// The console's sign-in (`/_emulator/console`): the admin token, typed once on its login page,
/// becomes a cookie, `nativeauth-console`, HttpOnly, SameSite=Strict, limited to the console's path
/// (and `Secure` over HTTPS). The cookie holds its own expiry and an HMAC of it keyed by the token,
/// `EXPIRY.MAC` (``cookieValue(token:expires:)``), not the token: it opens the console only (the JSON
/// admin API still wants the token itself), for ``lifetime`` (refused after, by every instance that
/// shares the token), and a new token (a new start) makes every console cookie worthless. Each form
/// also carries a second derived value (``csrfValue(token:)``), checked on every post, besides the
/// SameSite rule. Times are real time (seconds since 1970), not a tenant's virtual clock, which the
/// admin API may move.
enum ConsoleSession {
    /// The cookie's name.
    static let cookieName = "nativeauth-console"
    /// The console's path, which the cookie is limited to.
    static let path = "/_emulator/console"

    /// How long a sign-in lasts: 12 hours.
    static let lifetime: Double = 12 * 60 * 60

    /// The time the console's cookies are made and checked at: real time, seconds since 1970.
    static var realTime: Double {
        Date().timeIntervalSince1970
    }

    /// The cookie's value for `token`, good until `expires` (whole seconds since 1970):
    /// `EXPIRY.MAC`, the MAC an HMAC of the expiry keyed by the token.
    static func cookieValue(token: String, expires: Double) -> String {
        let expiry = String(Int64(exactly: expires.rounded(.down)) ?? 0)
        return expiry + "." + derived("console session until \(expiry)", token: token)
    }

    /// The value every console form carries (`csrf`) for `token`.
    static func csrfValue(token: String) -> String {
        derived("console form", token: token)
    }

    /// Whether `request` carries a console cookie of `token` that has not expired at `now`.
    static func isSignedIn(_ request: Request, token: String, now: Double = realTime) -> Bool {
        guard let header = request.headers[.cookie] else { return false }
        for pair in header.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName else { continue }
            if isValid(parts[1].trimmingCharacters(in: .whitespaces), token: token, now: now) { return true }
        }
        return false
    }

    /// Whether `value` is a cookie value of `token` whose expiry is after `now` (and within one
    /// ``lifetime`` of it: no cookie made by the emulator lasts longer).
    static func isValid(_ value: String, token: String, now: Double) -> Bool {
        let parts = value.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, parts[0].allSatisfy(\.isASCII), let expires = Int64(parts[0]) else { return false }
        let expiry = Double(expires)
        return now < expiry && expiry <= now + lifetime
            && Secrets.constantTimeEquals(value, cookieValue(token: token, expires: expiry))
    }

    /// The `Set-Cookie` value that signs the console in at `now`, for ``lifetime`` (`secure`: the
    /// emulator serves HTTPS).
    static func setCookie(token: String, secure: Bool, now: Double = realTime) -> String {
        "\(cookieName)=\(cookieValue(token: token, expires: now + lifetime)); Path=\(path); Max-Age=\(Int(lifetime)); HttpOnly; "
            + "SameSite=Strict" + (secure ? "; Secure" : "")
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
