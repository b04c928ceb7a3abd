import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// The emulator's HTTP front door: routes requests, applies queued faults, turns every failure into
/// a JSON error body (never a bare 500), echoes `client-request-id` and records the request log.
struct EmulatorResponder: HTTPResponder {
    typealias Context = ConnectionContext

    let core: EmulatorCore

    func respond(to request: Request, context: ConnectionContext) async throws -> Response {
        let clientRequestId = request.headers[.clientRequestId].flatMap { $0.isEmpty ? nil : $0 }
            ?? UUID().uuidString.lowercased()
        let path = request.uri.path
        // Without an admin token there are no admin routes: `/_emulator/...` is an unknown path.
        if path == "/_emulator" || path.hasPrefix("/_emulator/"), let token = core.configuration.adminToken {
            let reply = await AdminRoutes(core: core).handle(request, path: path, context: context, token: token)
            return reply.response(clientRequestId: clientRequestId)
        }
        if GraphRoutes.serves(path) {
            return GraphRoutes(core: core).respond(to: request, clientRequestId: clientRequestId)
        }
        if let page = WebRoute(path: path) {
            return await WebRoutes(core: core).respond(to: request, route: page, clientRequestId: clientRequestId)
                .response(clientRequestId: clientRequestId)
        }
        let route = ProtocolRoute(path: path)
        if let endpoint = route?.endpoint, let fault = core.faults.take(for: endpoint.faultName) {
            if let delay = fault.delayMs, delay > 0 {
                try? await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
            }
            if fault.dropConnection == true {
                log(request, path: path, form: nil, status: 0, clientRequestId: clientRequestId, fault: true)
                try? await context.channel.close()
                return HTTPReply(status: 500, body: "").response(clientRequestId: clientRequestId)
            }
            if let status = fault.status {
                let reply = faultReply(fault, status: status, clientRequestId: clientRequestId)
                log(request, path: path, form: nil, status: status, clientRequestId: clientRequestId, fault: true)
                return reply.response(clientRequestId: clientRequestId)
            }
        }
        var form: FormBody?
        let reply: HTTPReply
        do {
            guard let route else { throw ProtocolError.notFound(path) }
            guard core.servesTenant(route.tenant) else { throw ProtocolError.unknownTenant(route.tenant) }
            guard request.method == route.endpoint.method else {
                throw ProtocolError.methodNotAllowed(request.method.rawValue)
            }
            if route.endpoint.method == .post {
                form = try await FormReader.read(request)
            }
            reply = try ProtocolRoutes(core: core).handle(route.endpoint, form: form ?? FormBody(fields: []))
        } catch let error as ProtocolError {
            reply = errorReply(error, clientRequestId: clientRequestId)
        } catch {
            core.configuration.logger.error("emulator internal error: \(error)")
            reply = errorReply(ProtocolError(status: 500, error: "server_error", code: 90033,
                                             message: "The emulator hit an internal error: \(error)"),
                               clientRequestId: clientRequestId)
        }
        log(request, path: path, form: form, status: reply.status, clientRequestId: clientRequestId, fault: false)
        return reply.response(clientRequestId: clientRequestId)
    }

    func errorReply(_ error: ProtocolError, clientRequestId: String) -> HTTPReply {
        let body = error.body(correlationId: clientRequestId, traceId: UUID().uuidString.lowercased(),
                              timestamp: Timestamps.errorStyle(core.clock.now()))
        return .json(body, status: error.status)
    }

    private func faultReply(_ fault: Fault, status: Int, clientRequestId: String) -> HTTPReply {
        var reply: HTTPReply
        if let body = fault.body {
            reply = HTTPReply(status: status, body: body)
        } else {
            let error = status == 503 || status == 429 ? "temporarily_unavailable" : "server_error"
            reply = errorReply(ProtocolError(status: status, error: error, code: 90033,
                                             message: "Injected fault (HTTP \(status)) from the emulator's fault queue."),
                               clientRequestId: clientRequestId)
        }
        reply.headers = (fault.headers ?? [:]).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        return reply
    }

    private func log(_ request: Request, path: String, form: FormBody?, status: Int, clientRequestId: String, fault: Bool) {
        core.requestLog.append(RequestLogEntry(
            time: core.clock.now(), method: request.method.rawValue, path: path,
            fields: RequestLog.redact(form), status: status, clientRequestId: clientRequestId, fault: fault))
    }
}
