import Hummingbird

/// On a browser page (``RequestTarget/page(_:tenant:)``), answers a protocol error with an error page
/// (``ErrorPage``) rather than JSON, whoever throws it: the tenant check, the answer to a wrong method,
/// or the page itself. Any other failure of a page is its 500 page, and logged.
struct ErrorPageMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard case .page = context.exchange.target else { return try await next(request, context) }
        do {
            return try await next(request, context)
        } catch let error as ProtocolError {
            throw ErrorPage(error: error)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            core.configuration.logger.error("emulator internal error on a page: \(error)")
            throw ErrorPage(error: ProtocolError(status: .internalServerError, error: "server_error", code: 90033,
                                                 message: "The emulator hit an internal error."))
        }
    }
}
