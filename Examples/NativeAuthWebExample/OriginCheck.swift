import Hummingbird

/// CSRF protection by the standard headers (OWASP's "verify origin"): a POST is refused (403)
/// unless its `Origin`, or without one its `Referer`, is the site's own origin: the site's scheme
/// (`https` with `--secure-cookies`, else `http`: a page served over plain HTTP on the same host is
/// another origin) and the request's own host (`Host`, or `X-Forwarded-Host` when the site trusts its
/// proxy to set it); and a POST to the JSON API is
/// refused (415) unless it is `Content-Type: application/json`, which a form of another site
/// cannot send without a CORS preflight that this site never answers.
struct OriginCheck<Context: RequestContext>: RouterMiddleware {
    /// Whether `X-Forwarded-Host` names the host (set only behind a proxy that sets it).
    let trustsForwardedHost: Bool
    /// The scheme of the site's pages as a browser sees them: `https` or `http`.
    let scheme: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .post else { return try await next(request, context) }
        let forwarded = trustsForwardedHost ? request.headers[.init("X-Forwarded-Host")!]?.split(separator: ",").first.map(String.init) : nil
        guard let host = (forwarded ?? request.head.authority)?.trimmingCharacters(in: .whitespaces).lowercased(),
              let source = request.headers[.origin] ?? request.headers[.referer],
              let origin = Self.origin(of: source), origin.scheme == scheme, origin.host == host
        else {
            return SiteReply.error(.forbidden, "origin_refused", "The request's Origin (or Referer) is not this site.")
        }
        if request.uri.path.hasPrefix("/api/"),
           request.headers[.contentType]?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() != "application/json" {
            return SiteReply.error(.unsupportedMediaType, "json_required", "The API takes Content-Type: application/json.")
        }
        return try await next(request, context)
    }

    /// The scheme and `host[:port]` of an origin or URL, lowercased (`http://127.0.0.1:8080/page` →
    /// `http`, `127.0.0.1:8080`).
    static func origin(of source: String) -> (scheme: String, host: String)? {
        guard let schemeEnd = source.range(of: "://") else { return nil }
        let rest = source[schemeEnd.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return host.isEmpty ? nil : (source[..<schemeEnd.lowerBound].lowercased(), host.lowercased())
    }
}
