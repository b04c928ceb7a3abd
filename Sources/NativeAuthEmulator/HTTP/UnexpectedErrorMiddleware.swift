import Hummingbird

/// Turns an error a handler throws that is not an answer already (not an `HTTPResponseError`: a state
/// file that cannot be written, a bug) into the answer `convert` makes of it, so that a family of
/// routes answers its own failures in its own shape, never with a bare 500.
struct UnexpectedErrorMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let convert: @Sendable (any Error) -> any HTTPResponseError

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as any HTTPResponseError {
            throw error
        } catch {
            throw convert(error)
        }
    }
}
