import Foundation
import NativeAuthShared

/// Reads and checks the query of `GET /oauth2/v2.0/authorize` (RFC 6749 §4.1.1, RFC 7636 §4.3).
///
/// As the service does, problems with the client or the redirect URI are shown on an error page
/// (the browser cannot be trusted to go back), and every later problem is sent back to the app's
/// redirect URI as `error`, `error_description` and `state`.
enum AuthorizeRequestParser {
    enum Failure: Error {
        /// Shown to the user; nothing goes back to the app.
        case page(ProtocolError)
        /// Sent back to the app's redirect URI.
        case redirect(ProtocolError, redirectUri: String, state: String?)
    }

    static let maxQueryBytes = 8192
    static let maxValueLength = 2048
    static let prompts: Set<String> = ["login", "none", "consent", "select_account"]

    /// The request and its `prompt`.
    static func parse(_ query: String, core: EmulatorCore) throws(Failure) -> (AuthorizeRequest, prompt: String?) {
        guard query.utf8.count <= maxQueryBytes else {
            throw .page(.malformedRequest("the query is longer than \(maxQueryBytes) bytes."))
        }
        let form: FormBody
        do {
            form = try FormBody(parsing: Array(query.utf8))
        } catch {
            throw .page(.malformedRequest("\(error)."))
        }
        let clientId: String
        do {
            clientId = try RequestValidation.clientId(form, core: core)
        } catch {
            throw .page(error)
        }
        guard let redirectUri = form.nonEmpty("redirect_uri") else { throw .page(.missingParameter("redirect_uri")) }
        guard isRegisteredRedirect(redirectUri) else { throw .page(.redirectMismatch(redirectUri, clientId: clientId)) }
        let state = form["state"]

        func fail(_ error: ProtocolError) -> Failure { .redirect(error, redirectUri: redirectUri, state: state) }
        guard (state?.count ?? 0) <= maxValueLength else { throw fail(.malformedRequest("state is longer than \(maxValueLength) characters.")) }
        guard let responseType = form.nonEmpty("response_type") else { throw fail(.missingParameter("response_type")) }
        guard responseType == "code" else { throw fail(.unsupportedResponseType(responseType)) }
        let responseMode = form.nonEmpty("response_mode")
        if let mode = responseMode, mode != "query", mode != FormPostPage.mode {
            throw fail(.malformedRequest("the emulator answers with response_mode=query or form_post, not '\(mode.prefix(32))'."))
        }
        guard let scope = form.nonEmpty("scope") else { throw fail(.missingParameter("scope")) }
        do {
            _ = try ScopeRequest(parsing: scope)
        } catch {
            throw fail(error)
        }
        guard let challenge = form.nonEmpty("code_challenge") else { throw fail(.missingParameter("code_challenge")) }
        guard form.nonEmpty("code_challenge_method") == PKCE.method else {
            throw fail(.malformedRequest("code_challenge_method must be S256 (the emulator requires PKCE with S256)."))
        }
        guard challenge.count == 43, Base64URL.decode(challenge)?.count == 32 else {
            throw fail(.malformedRequest("code_challenge is not the base64url SHA-256 of a verifier (43 characters)."))
        }
        let nonce = form.nonEmpty("nonce")
        guard (nonce?.count ?? 0) <= maxValueLength else { throw fail(.malformedRequest("nonce is longer than \(maxValueLength) characters.")) }
        let loginHint = form.nonEmpty("login_hint").map { String($0.prefix(320)) }
        let prompt = form.nonEmpty("prompt")
        if let prompt, !prompts.contains(prompt) {
            throw fail(.malformedRequest("prompt must be one of login, none, consent, select_account."))
        }
        let request = AuthorizeRequest(clientId: clientId, redirectUri: redirectUri, scope: scope, state: state,
                                       nonce: nonce, codeChallenge: challenge, loginHint: loginHint, responseMode: responseMode)
        return (request, prompt)
    }

    /// The emulator's app registration lists `http://localhost` (and `http://127.0.0.1`, `http://[::1]`)
    /// as public-client redirect URIs; as for loopback URIs on the identity platform, any port and
    /// path match (RFC 8252 §7.3).
    static func isRegisteredRedirect(_ uri: String) -> Bool {
        guard uri.count <= maxValueLength, let components = URLComponents(string: uri),
              components.scheme?.lowercased() == "http", let host = components.host, components.fragment == nil,
              components.user == nil, components.password == nil
        else { return false }
        return LoopbackHost.isLoopback(host)
    }

    /// `redirectUri` with `items` added to its query.
    static func redirect(_ redirectUri: String, adding items: [(String, String?)]) -> String {
        var components = URLComponents(string: redirectUri) ?? URLComponents()
        var query = components.queryItems ?? []
        for (name, value) in items {
            if let value { query.append(URLQueryItem(name: name, value: value)) }
        }
        components.queryItems = query
        // URLComponents leaves '+' and some reserved characters as they are; a code never has them,
        // but an error description has spaces, which it encodes as %20.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? redirectUri
    }

    /// The error redirect of `error` to `redirectUri`: `error`, `error_description`, `error_codes`, `state`.
    static func errorRedirect(_ error: ProtocolError, redirectUri: String, state: String?, core: EmulatorCore,
                              correlationId: String) -> String {
        redirect(redirectUri, adding: FormPostPage.errorFields(error, state: state, core: core, correlationId: correlationId))
    }
}
