import Hummingbird

/// Hummingbird's own errors (a body that does not decode, a body over the size limit, a path with no
/// route) answered in the shape of every other error of the site, `{"error": code, "message": …}`
/// (``SiteReply/error(_:_:_:canRetry:)``), instead of Hummingbird's `{"error": {"message": …}}`.
struct APIErrorShape<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError {
            let code = switch error.status {
            case .notFound: "not_found"
            case .forbidden: "forbidden"
            case .contentTooLarge: "body_too_large"
            case .unsupportedMediaType: "unsupported_media_type"
            case .methodNotAllowed: "method_not_allowed"
            default: error.status.code >= 500 ? "internal_error" : "bad_request"
            }
            return SiteReply.error(error.status, code, error.body ?? error.status.reasonPhrase)
        }
    }
}
