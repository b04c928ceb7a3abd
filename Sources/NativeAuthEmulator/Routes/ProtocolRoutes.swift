import Hummingbird

/// The protocol endpoints under `/{tenant}/` on Hummingbird's router, each on its own method: a
/// handler reads the form, runs its service and answers its typed body (``ProtocolAnswer``). What
/// every endpoint shares is middleware, before the routes (``EmulatorRouter``): the queued fault, the
/// tenant check, the request log, the `client-request-id` echo, a wrong method's 405; a failure is a
/// ``ProtocolError`` that answers itself, and any other error the 500 protocol error (never a bare 500).
struct ProtocolRoutes: Sendable {
    let core: EmulatorCore

    /// Adds every endpoint to `router`.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        let logger = core.configuration.logger
        let endpoints = router.group().add(middleware: UnexpectedErrorMiddleware<Context> { error in
            logger.error("emulator internal error: \(error)")
            return ProtocolError.internalError(error)
        })
        for endpoint in ProtocolEndpoint.allCases {
            endpoints.on(RouterPath("/:tenant/" + endpoint.path), method: endpoint.method) { request, context in
                let form = endpoint.method == .post ? try await FormReader.read(request, context: context) : FormBody(fields: [])
                return try context.responseEncoder.encode(try answer(endpoint, form: form), from: request, context: context)
            }
        }
    }

    /// Runs `endpoint`'s service: its answer, or the ``ProtocolError`` it throws.
    func answer(_ endpoint: ProtocolEndpoint, form: FormBody) throws -> any ProtocolAnswer {
        switch endpoint {
        case .initiate: try SignInService(core: core).initiate(form)
        case .challenge where form.nonEmpty("id") != nil: try MFAService(core: core).challenge(form)
        case .challenge: try SignInService(core: core).challenge(form)
        case .introspect: try MFAService(core: core).introspect(form)
        case .token: try RedirectAnswer.catching { try TokenService(core: core).token(form) }
        case .discovery: DiscoveryDocument(core: core)
        case .keys: JSONWebKeySet(keys: [core.key.jwk])
        case .signUpStart: try SignUpService(core: core).start(form)
        case .signUpChallenge: try SignUpService(core: core).challenge(form)
        case .signUpContinue: try SignUpContinuation(core: core).proceed(form)
        case .resetPasswordStart: try PasswordResetService(core: core).start(form)
        case .resetPasswordChallenge: try PasswordResetService(core: core).challenge(form)
        case .resetPasswordContinue: try PasswordResetCompletion(core: core).proceed(form)
        case .resetPasswordSubmit: try PasswordResetCompletion(core: core).submit(form)
        case .resetPasswordPollCompletion: try PasswordResetCompletion(core: core).pollCompletion(form)
        case .deviceCode: try DeviceCodeService(core: core).start(form)
        case .registerIntrospect: try RegistrationService(core: core).introspect(form)
        case .registerChallenge: try RegistrationService(core: core).challenge(form)
        case .registerContinue: try RegistrationService(core: core).proceed(form)
        }
    }
}
