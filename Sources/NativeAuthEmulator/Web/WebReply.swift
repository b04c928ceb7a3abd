import HTTPTypes
import Hummingbird

/// An answer to a browser: an HTML page, or a redirect (to the next page, or back to the app).
struct WebReply: Sendable {
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
    func response(clientRequestId: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "text/html; charset=utf-8"
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name.clientRequestId] = clientRequestId
        let scripts = scriptSources.isEmpty ? "" : "; script-src " + scriptSources.joined(separator: " ")
        fields[HTTPField.Name("Content-Security-Policy")!] = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" + scripts
        fields[HTTPField.Name("X-Frame-Options")!] = "DENY"
        fields[HTTPField.Name("Referrer-Policy")!] = "no-referrer"
        if let location { fields[.location] = location }
        return Response(status: HTTPResponse.Status(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }
}

/// A page the emulator serves to browsers under `/{tenant}/`.
struct WebRoute: Sendable {
    enum Page: Sendable {
        /// `oauth2/v2.0/authorize`: GET starts a sign-in, POST answers a step.
        case authorize
        /// `oauth2/deviceauth`: the device-code verification page.
        case deviceVerification
    }

    let tenant: String
    let page: Page

    /// The path of a page under `tenant`.
    static func path(_ page: Page, tenant: String) -> String {
        switch page {
        case .authorize: "/\(tenant)/oauth2/v2.0/authorize"
        case .deviceVerification: "/\(tenant)/" + DeviceCodeService.verificationPage
        }
    }

    init?(path: String) {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("/") { trimmed.removeFirst() }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.firstIndex(of: "/") else { return nil }
        let tenant = String(trimmed[..<slash])
        switch trimmed[trimmed.index(after: slash)...] {
        case "oauth2/v2.0/authorize": page = .authorize
        case "oauth2/deviceauth": page = .deviceVerification
        default: return nil
        }
        guard !tenant.isEmpty else { return nil }
        self.tenant = tenant
    }
}
