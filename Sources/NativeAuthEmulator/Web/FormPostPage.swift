import Crypto
import Foundation

/// `response_mode=form_post` (OAuth 2.0 Form Post Response Mode, as the identity platform offers it):
/// the answer to the app (`code` and `state`, or `error`, `error_description`, `state`) goes back in
/// an HTML form that the browser posts to the redirect URI. One inline script submits it at once
/// (allowed by its hash in the page's Content-Security-Policy, nothing else runs); without scripts,
/// the person presses Continue. MSAL for Python's loopback listener takes only this mode.
enum FormPostPage {
    static let mode = "form_post"
    static let script = "document.getElementById('form_post').submit();"

    /// The `script-src` source that allows ``script`` and nothing else.
    static var scriptHash: String {
        "'sha256-\(Data(SHA256.hash(data: Data(script.utf8))).base64EncodedString())'"
    }

    /// The page that posts `fields` (those with a value) to `redirectUri`.
    static func reply(to redirectUri: String, fields: [(String, String?)]) -> WebReply {
        let inputs = fields.compactMap { name, value in
            value.map { #"<input type="hidden" name="\#(HTMLText.escape(name))" value="\#(HTMLText.escape($0))">"# }
        }.joined(separator: "\n")
        let html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Signing you in</title></head>
            <body>
            <h1 id="title">Signing you in</h1>
            <form method="post" action="\(HTMLText.escape(redirectUri))" id="form_post">
            \(inputs)
            <p>Return to the application: <button type="submit" id="continue">Continue</button></p>
            </form>
            <script>\(script)</script>
            </body></html>
            """
        var reply = WebReply(status: 200, html: html, location: nil)
        reply.scriptSources = [scriptHash]
        return reply
    }

    /// The answer to `request`'s redirect URI in its response mode: a form post page, or a redirect
    /// with the fields in the query.
    static func answer(_ request: AuthorizeRequest, fields: [(String, String?)]) -> WebReply {
        if request.responseMode == mode {
            return reply(to: request.redirectUri, fields: fields)
        }
        return .redirect(to: AuthorizeRequestParser.redirect(request.redirectUri, adding: fields))
    }

    /// The fields of an error answer, as ``AuthorizeRequestParser/errorRedirect(_:redirectUri:state:core:correlationId:)`` sends them.
    static func errorFields(_ error: ProtocolError, state: String?, core: EmulatorCore, correlationId: String) -> [(String, String?)] {
        let description = "\(error.summary)\r\nTrace ID: \(UUID().uuidString.lowercased())\r\n"
            + "Correlation ID: \(correlationId)\r\nTimestamp: \(Timestamps.errorStyle(core.clock.now()))"
        return [("error", error.error), ("error_description", description), ("error_codes", error.codesText), ("state", state)]
    }
}
