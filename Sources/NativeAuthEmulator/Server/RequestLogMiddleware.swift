import Hummingbird

/// Records every request but the admin API's in the request log (`GET /_emulator/requests`): method,
/// path, the form a handler read (``RequestLogNotes``, secret values redacted), the status it was
/// answered with (0 for a connection a fault dropped), its correlation ID and whether a fault answered it.
struct RequestLogMiddleware<Context: EmulatorRequestContext>: RouterMiddleware {
    let core: EmulatorCore

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.exchange.target != .admin else { return try await next(request, context) }
        let notes = RequestLogNotes()
        var context = context
        context.exchange.logNotes = notes
        do {
            let response = try await next(request, context)
            record(request, notes: notes, status: response.status.code, context: context)
            return response
        } catch {
            record(request, notes: notes, status: (error as? any HTTPResponseError)?.status.code ?? 500, context: context)
            throw error
        }
    }

    private func record(_ request: Request, notes: RequestLogNotes, status: Int, context: Context) {
        core.requestLog.record(request, form: notes.form, status: notes.droppedConnection ? 0 : status,
                               clientRequestId: context.exchange.clientRequestId, fault: notes.fault, time: core.clock.now())
    }
}
