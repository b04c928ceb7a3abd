import Hummingbird

/// The protocol endpoints under `/{tenant}/` on Hummingbird's router, each on its own method: a
/// handler reads the form (a V2 step: its JSON and the method its path names), runs its service and
/// answers its typed body (``ProtocolAnswer``). What every endpoint shares is middleware, before the
/// routes (``EmulatorRouter``): the queued fault, the tenant check, the request log, the
/// `client-request-id` echo, a wrong method's 405; a failure is a ``ProtocolError`` that answers
/// itself (in the envelope of its endpoint), and any other error the 500 protocol error (never a bare 500).
struct ProtocolRoutes: Sendable {
    let core: EmulatorCore

    /// Adds every endpoint to `router`.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        let logger = core.configuration.logger
        let endpoints = router.group().add(middleware: UnexpectedErrorMiddleware<Context> { error in
            logger.error("emulator internal error: \(error)")
            return ProtocolError.internalError(error)
        })
        let core = core
        for endpoint in ProtocolEndpoint.allCases {
            for path in endpoint.paths(apiVersion: core.configuration.v2APIVersion) {
                endpoints.on(RouterPath("/:tenant/" + path), method: endpoint.method) { request, context in
                    let hrefs = V2Hrefs(tenant: context.parameters.get("tenant") ?? core.tenantDomain, core: core)
                    var form = FormBody(fields: []), step = V2Step(body: HALRequestBody())
                    switch endpoint.body {
                    case .form:
                        if endpoint.method == .post { form = try await FormReader.read(request, context: context) }
                    case .json:
                        step = V2Step(body: try await HALBodyReader.read(request, context: context),
                                      methodType: context.parameters.get("type"), methodId: context.parameters.get("id"))
                    }
                    let answer = try self.answer(endpoint, form: form, step: step, hrefs: hrefs)
                    return try context.responseEncoder.encode(answer, from: request, context: context)
                }
            }
        }
    }

    /// Runs the service of `endpoint`, whose request is `form` (a V2 step's: `step`): its answer, or
    /// the ``ProtocolError`` it throws. `hrefs` writes V2's links.
    func answer(_ endpoint: ProtocolEndpoint, form: FormBody, step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        switch endpoint {
        case .initiate: try SignInService(core: core).initiate(form)
        case .challenge where form.nonEmpty("id") != nil: try MFAService(core: core).challenge(form)
        case .challenge: try RedirectAnswer.catching { try SignInService(core: core).challenge(form) }
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
        case .authorizeChallenge: try V2EntryService(core: core).answer(form, hrefs: hrefs)
        case .v2SignIn: try V2SignInService(core: core).start(step, hrefs: hrefs)
        case .v2SignUp: try V2SignUpService(core: core).start(step, hrefs: hrefs)
        case .v2ResetPassword: try V2PasswordResetService(core: core).start(step, hrefs: hrefs)
        case .v2Challenge: try V2StepService(core: core).challenge(step, hrefs: hrefs)
        case .v2Verify: try V2StepService(core: core).verify(step, hrefs: hrefs)
        case .v2Attributes: try V2SignUpService(core: core).submitAttributes(step, hrefs: hrefs)
        case .v2Enroll: try V2RegistrationService(core: core).enroll(step, hrefs: hrefs)
        case .v2Activate: try V2RegistrationService(core: core).activate(step, hrefs: hrefs)
        case .v2Update: try V2PasswordResetService(core: core).update(step, hrefs: hrefs)
        case .v2Poll: try V2PasswordResetService(core: core).poll(step, hrefs: hrefs)
        }
    }
}
