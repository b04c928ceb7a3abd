import Foundation
import Hummingbird

/// The protocol endpoints under `/{tenant}/` on Hummingbird's router: each applies a queued fault,
/// checks the tenant and method, reads the form, runs its service, answers every failure with a JSON
/// error body (never a bare 500), echoes `client-request-id` and records the request log.
struct ProtocolRoutes: Sendable {
    let core: EmulatorCore

    /// Adds every endpoint to `router`. An endpoint answers every method itself, so that a wrong
    /// method (after a fault, and the tenant check) is a 405 with a protocol error body.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        for endpoint in ProtocolEndpoint.allCases {
            router.on(RouterPath("/:tenant/" + endpoint.path), methods: Router<Context>.everyMethod) { request, context in
                await respond(to: request, endpoint: endpoint, tenant: context.parameters.get("tenant") ?? "", context: context)
            }
        }
    }

    func respond<Context: EmulatorRequestContext>(to request: Request, endpoint: ProtocolEndpoint, tenant: String,
                                                  context: Context) async -> Response {
        let clientRequestId = request.clientRequestId()
        if let fault = core.faults.take(for: endpoint.faultName) {
            if let delay = fault.delayMs, delay > 0 {
                try? await Task.sleep(nanoseconds: UInt64(delay) * 1_000_000)
            }
            if fault.dropConnection == true {
                core.requestLog.record(request, form: nil, status: 0, clientRequestId: clientRequestId, fault: true, time: core.clock.now())
                await context.dropConnection()
                return HTTPReply(status: 500, body: "").response(clientRequestId: clientRequestId)
            }
            if let status = fault.status {
                let reply = core.faultReply(fault, status: status, clientRequestId: clientRequestId)
                core.requestLog.record(request, form: nil, status: status, clientRequestId: clientRequestId, fault: true, time: core.clock.now())
                return reply.response(clientRequestId: clientRequestId)
            }
        }
        var form: FormBody?
        let reply: HTTPReply
        do {
            guard core.servesTenant(tenant) else { throw ProtocolError.unknownTenant(tenant) }
            guard request.method == endpoint.method else {
                throw ProtocolError.methodNotAllowed(request.method.rawValue)
            }
            if endpoint.method == .post {
                form = try await FormReader.read(request)
            }
            reply = try handle(endpoint, form: form ?? FormBody(fields: []))
        } catch let error as ProtocolError {
            reply = core.errorReply(error, clientRequestId: clientRequestId)
        } catch {
            core.configuration.logger.error("emulator internal error: \(error)")
            reply = core.errorReply(ProtocolError(status: 500, error: "server_error", code: 90033,
                                                  message: "The emulator hit an internal error: \(error)"),
                                    clientRequestId: clientRequestId)
        }
        core.requestLog.record(request, form: form, status: reply.status, clientRequestId: clientRequestId, time: core.clock.now())
        return reply.response(clientRequestId: clientRequestId)
    }

    /// Runs `endpoint`'s service and renders the success body.
    func handle(_ endpoint: ProtocolEndpoint, form: FormBody) throws -> HTTPReply {
        switch endpoint {
        case .initiate: try .json(SignInService(core: core).initiate(form))
        case .challenge where form.nonEmpty("id") != nil: try .json(MFAService(core: core).challenge(form))
        case .challenge: try .json(SignInService(core: core).challenge(form))
        case .introspect: try .json(MFAService(core: core).introspect(form))
        case .token: try .json(RedirectAnswer.catching { try TokenService(core: core).token(form) })
        case .discovery: .json(DiscoveryDocument(core: core).openIDConfiguration)
        case .keys: .json(.object([("keys", .array([core.key.jwk]))]))
        case .signUpStart: try .json(SignUpService(core: core).start(form))
        case .signUpChallenge: try .json(SignUpService(core: core).challenge(form))
        case .signUpContinue: try .json(SignUpContinuation(core: core).proceed(form))
        case .resetPasswordStart: try .json(PasswordResetService(core: core).start(form))
        case .resetPasswordChallenge: try .json(PasswordResetService(core: core).challenge(form))
        case .resetPasswordContinue: try .json(PasswordResetCompletion(core: core).proceed(form))
        case .resetPasswordSubmit: try .json(PasswordResetCompletion(core: core).submit(form))
        case .resetPasswordPollCompletion: try .json(PasswordResetCompletion(core: core).pollCompletion(form))
        case .deviceCode: try .json(DeviceCodeService(core: core).start(form))
        case .registerIntrospect: try .json(RegistrationService(core: core).introspect(form))
        case .registerChallenge: try .json(RegistrationService(core: core).challenge(form))
        case .registerContinue: try .json(RegistrationService(core: core).proceed(form))
        }
    }
}
