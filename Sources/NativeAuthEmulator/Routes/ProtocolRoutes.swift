/// Dispatches a protocol endpoint to its service and renders the success body.
struct ProtocolRoutes: Sendable {
    let core: EmulatorCore

    func handle(_ endpoint: ProtocolEndpoint, form: FormBody) throws -> HTTPReply {
        switch endpoint {
        case .initiate: try .json(SignInService(core: core).initiate(form))
        case .challenge: try .json(SignInService(core: core).challenge(form))
        case .token: try .json(TokenService(core: core).token(form))
        case .discovery: .json(DiscoveryDocument(core: core).openIDConfiguration)
        case .keys: .json(.object([("keys", .array([core.key.jwk]))]))
        case .deviceCode: try .json(DeviceCodeService(core: core).start(form))
        }
    }
}
