import Foundation

/// `/oauth2/v2.0/initiate` and `/oauth2/v2.0/challenge` (docs/PROTOCOL.md §6.1, §6.2).
struct SignInService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// Starts a flow for a known user and returns its first continuation token.
    func initiate(_ form: FormBody) throws -> any ProtocolAnswer {
        let start = try FlowStart(form, core: core)
        let browserOnly = try core.update { state -> Bool in
            guard let user = state.users[start.userKey] else { throw ProtocolError.userNotFound }
            if user.disabled == true { throw ProtocolError.userDisabled }
            if user.browserOnly == true { return true }
            state.flows[start.flowId] = start.record(kind: .signIn)
            return false
        }
        return browserOnly ? BrowserOnlyUsers.redirect as any ProtocolAnswer : start.answer
    }

    /// Sends a code (OTP users), asks for the password (password users), or redirects when the
    /// user's method is not in the client's challenge types. Calling it again resends a code.
    func challenge(_ form: FormBody) throws -> any ProtocolAnswer {
        let request = try ContinuationRequest(form, core: core)
        let requestedTypes = try ChallengeTypes.requested(in: form)
        return try core.updateFlowSendingCode(
            request, kind: .signIn, stages: [.awaitingChallenge, .awaitingCode, .awaitingPassword], otherwise: .anotherStep
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            if flow.stage == .awaitingChallenge {
                try StrongAuthGate.introspectFirst(&flow, user: user, state: &state, now: now, configuration: config)
            }
            let types = requestedTypes ?? flow.challengeTypes
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            switch user.method {
            case .otp where types.contains("oob"):
                let (body, sent) = OneTimeCode.send(code, flow: &flow, username: user.username, continuationToken: next,
                                                    state: &state, now: now, configuration: config)
                return (body, sent)
            case .password where types.contains("password"):
                flow.stage = .awaitingPassword
                flow.codeHash = nil
                flow.codeExpiresAt = nil
                return (ChallengeTypeAnswer(continuationToken: next, challengeType: .password), nil)
            default:
                flow.stage = .redirected
                let method = user.method == .otp ? "email one-time passcode ('oob')" : "email with password ('password')"
                return (RedirectAnswer(reason: "The user signs in with \(method), which is not in the client's challenge_type list."), nil)
            }
        }
    }

    /// What the server stores for a code: bound to its flow.
    static func codeDigest(_ code: String, flowId: String) -> String {
        Secrets.sha256Hex(flowId + ":" + code)
    }
}
