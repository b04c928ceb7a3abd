/// Dispatches a protocol endpoint to its service and renders the success body.
struct ProtocolRoutes: Sendable {
    let core: EmulatorCore

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
