import HTTPTypes
import Hummingbird

/// An answer to a browser: an HTML page, or a redirect (to the next page, or back to the app).
struct WebReply: ResponseGenerator, Sendable {
    var status: Int
    var html: String
    var location: String?
    /// Scripts the page may run (`script-src` sources, such as a hash); none by default.
    var scriptSources: [String] = []

    static func page(_ page: SignInPage) -> WebReply {
        WebReply(status: page.status, html: page.html, location: nil)
    }

    /// `303 See Other` to `location` (after a form post the browser follows with a GET).
    static func redirect(to location: String) -> WebReply {
        WebReply(status: 303, html: "", location: location)
    }

    /// The Hummingbird response: HTML, never cached, not framed, no referrer, no scripts.
    func response(from request: Request, context: some RequestContext) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        let scripts = scriptSources.isEmpty ? "" : "; script-src " + scriptSources.joined(separator: " ")
        fields[HTTPField.Name("Content-Security-Policy")!] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" + scripts
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if let location { fields[.location] = location }
        return Response(status: HTTPResponse.Status(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}
