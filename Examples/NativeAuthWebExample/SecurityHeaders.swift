import Foundation
import HTTPTypes
import Hummingbird

/// The headers every answer of the site's routes carries (errors included), so that a browser neither frames its pages on
/// another site (clickjacking: a "Sign out" or "Continue" clicked through a transparent frame) nor
/// runs anything an answer did not mean to run:
///
/// - `Content-Security-Policy`: a page's own (``Pages``: its scripts and style by a nonce of its
///   own, fetches to this site only, no frame ancestors), else `default-src 'none'` (a JSON answer,
///   such as the API's answer relayed by `/api/me`, runs nothing even when opened as a page);
/// - `X-Frame-Options: DENY`, for browsers older than `frame-ancestors`;
/// - `X-Content-Type-Options: nosniff` and `Referrer-Policy: same-origin`.
struct SecurityHeaders<Context: RequestContext>: RouterMiddleware {
    /// What a page allows: its own nonce's scripts and style, `data:` images (its icon), fetches
    /// and forms to this site only, and no frame ancestors.
    static func pagePolicy(nonce: String) -> String {
        "default-src 'none'; script-src 'nonce-\(nonce)'; style-src 'nonce-\(nonce)'; img-src data:; connect-src 'self'; "
            + "form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    }

    /// A new nonce for a page: 16 random bytes, base64.
    static func nonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return Data((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }).base64EncodedString()
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)  // a body that did not decode, say
        }
        if response.headers[.contentSecurityPolicy] == nil {
            response.headers[.contentSecurityPolicy] = "default-src 'none'; frame-ancestors 'none'"
        }
        response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        response.headers[.xContentTypeOptions] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        return response
    }
}
