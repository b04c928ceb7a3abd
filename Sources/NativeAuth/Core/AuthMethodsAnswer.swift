/// What an `/introspect` endpoint answered (`/oauth2/v2.0/introspect` after `mfa_required`,
/// `/register/v1.0/introspect` after `registration_required`), read without a transport so it can
/// be tested on its own.
enum AuthMethodsAnswer: Sendable, Equatable {
    /// The methods, and the token to challenge one of them with.
    case methods([AuthMethod], continuationToken: String)
    /// The server refused, redirected to the browser, or could not be reached.
    case rejected(WireRejection)
    /// A success body that does not fit: no token, no usable method.
    case unexpected(String)

    /// The most methods the library reads from one answer (the rest are ignored).
    static let maximumMethods = 16
    /// The longest `id`, `challenge_type`, channel or `login_hint` the library keeps.
    static let maximumFieldLength = 320

    init(_ outcome: WireOutcome<IntrospectResponse>) {
        switch outcome {
        case .rejected(let rejection): self = .rejected(rejection)
        case .success(let body): self = Self.read(body)
        }
    }

    private static func read(_ body: IntrospectResponse) -> AuthMethodsAnswer {
        guard let token = body.continuationToken, !token.isEmpty else {
            return .unexpected("the list of methods has no continuation_token")
        }
        let methods = (body.methods ?? []).prefix(maximumMethods).compactMap { method -> AuthMethod? in
            guard let id = usable(method.id) else { return nil }
            let hint = usable(method.loginHint)
            return AuthMethod(id: id, challengeType: usable(method.challengeType) ?? "oob",
                              channelTargetType: NativeAuthChannelType(value: usable(method.challengeChannel) ?? "email"),
                              loginHint: hint)
        }
        guard !methods.isEmpty else { return .unexpected("the server listed no usable strong authentication method") }
        return .methods(methods, continuationToken: token)
    }

    private static func usable(_ value: String?) -> String? {
        guard let value, !value.isEmpty, value.count <= maximumFieldLength else { return nil }
        return value
    }
}
