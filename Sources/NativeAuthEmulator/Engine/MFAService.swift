import Foundation

/// Multi-factor authentication after `mfa_required` (docs/PROTOCOL.md §9.1): `/oauth2/v2.0/introspect`
/// lists the user's second factors, `/oauth2/v2.0/challenge` with a method `id` sends a code on one
/// (email, or SMS "sent" on the console to the masked number), and the `mfa_oob` grant at
/// `/oauth2/v2.0/token` takes it. Works for any flow kind: the sign-in after a sign-up or a password
/// reset can ask for MFA too.
struct MFAService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// `{"continuation_token", "methods": [{"id", "challenge_type", "challenge_channel", "login_hint"}]}`.
    func introspect(_ form: FormBody) throws -> StrongAuthMethodsAnswer {
        let request = try ContinuationRequest(form, core: core)
        return try core.updateFlow(
            request, kind: nil, stages: [.mfaIntrospect, .mfaChallenge, .mfaCode],
            otherwise: .wrongStrongAuthStep("/oauth2/v2.0/introspect needs the token of an mfa_required answer")
        ) { flow, state, now in
            guard let user = state.users[flow.userKey], let methods = user.mfa?.methods, !methods.isEmpty else {
                throw ProtocolError.userNotFound
            }
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            flow.stage = .mfaChallenge
            flow.codeHash = nil
            flow.codeExpiresAt = nil
            return StrongAuthMethodsAnswer(continuationToken: next, methods: methods.map { method in
                .init(id: method.id, channel: method.channel.rawValue, loginHint: method.maskedTarget)
            })
        }
    }

    /// Sends a code on the method `id` names (again: a resend, or another method): the OTP block.
    func challenge(_ form: FormBody) throws -> any ProtocolAnswer {
        let request = try ContinuationRequest(form, core: core)
        let methodId = try RequestValidation.required("id", in: form)
        let types = try ChallengeTypes.requested(in: form)
        return try core.updateFlowSendingCode(
            request, kind: nil, stages: [.mfaChallenge, .mfaCode],
            otherwise: .wrongStrongAuthStep("/oauth2/v2.0/challenge with an id needs the token that /oauth2/v2.0/introspect answered")
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            let (user, method) = try Self.method(methodId, of: flow, in: state)
            if let types, !types.contains("oob") {
                flow.stage = .redirected
                return (RedirectAnswer(reason: "The second factor is a one-time passcode ('oob'), which the client's challenge_type list does not include."), nil)
            }
            let (next, sent) = try Self.sendCode(code, on: method, of: user, flow: &flow, state: &state, now: now, configuration: config)
            return (CodeSentAnswer(continuationToken: next, channel: method.channel.rawValue, label: sent.maskedTarget,
                                   codeLength: code.count), sent)
        }
    }

    /// The flow's user and their second factor `methodId`, else `unknownMethodId`.
    static func method(_ methodId: String, of flow: FlowRecord, in state: EmulatorState) throws -> (UserRecord, StrongAuthMethod) {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        guard let method = user.mfa?.methods.first(where: { $0.id == methodId }) else { throw ProtocolError.unknownMethodId }
        return (user, method)
    }

    /// Sends `code` on the second factor `method` (again: a resend, or another method): the flow's
    /// next token, and the message to show. A number the reputation checks refuse is refused.
    static func sendCode(_ code: String, on method: StrongAuthMethod, of user: UserRecord, flow: inout FlowRecord,
                         state: inout EmulatorState, now: Double, configuration: EmulatorConfiguration) throws -> (String, SentCode) {
        if ContactRules.isBlocked(method.target, channel: method.channel) { throw ProtocolError.contactBlockedByReputation }
        let next = flow.rotateToken(now: now, lifetime: configuration.continuationTokenLifetime)
        let sent = OneTimeCode.send(code, flow: &flow, username: user.username, channel: method.channel, target: method.target,
                                    state: &state, now: now, configuration: configuration)
        flow.stage = .mfaCode
        flow.strongAuth?.methodId = method.id
        return (next, sent)
    }

    /// The `mfa_oob` grant: the code sent on the chosen method; then tokens.
    func redeem(_ form: FormBody, clientId: String, clientInfo: Bool) throws -> TokenGrant {
        let request = try ContinuationRequest(form, clientId: clientId)
        guard let code = form["oob"], !code.isEmpty else { throw ProtocolError.missingParameter("oob") }
        let scopes = try ScopeRequest(parsing: RequestValidation.required("scope", in: form))
        let now = core.clock.now()
        let refreshToken = scopes.wantsRefreshToken ? Secrets.opaqueToken(byteCount: 48) : nil
        let user = try core.updateFlow(
            request, kind: nil, stages: [.mfaCode],
            otherwise: .wrongStrongAuthStep("the mfa_oob grant needs the token of a /oauth2/v2.0/challenge that sent the second factor's code"),
            now: now
        ) { flow, state, now -> UserRecord in
            let user = try Self.verifyCode(code, flow: &flow, state: &state, now: now, configuration: config)
            state.completeSignIn(&flow, refreshToken: refreshToken, clientId: clientId, scopes: scopes.scopes, now: now,
                                 configuration: config)
            return user
        }
        return TokenGrant(user: user, clientId: clientId, scopes: scopes, refreshToken: refreshToken, clientInfo: clientInfo, issuedAt: now)
    }

    /// Checks the second factor's code on `flow` (waiting for it): right, the strong authentication
    /// is satisfied and the user's guessing count starts again; wrong, the attempt counts on the flow
    /// (kept in `state`) and on the user (a second factor's code is a sign-in credential: the
    /// guessing limit applies, ``GuessingPolicy``), and the error is thrown.
    static func verifyCode(_ code: String, flow: inout FlowRecord, state: inout EmulatorState, now: Double,
                           configuration: EmulatorConfiguration) throws -> UserRecord {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        try GuessGuard.check(state, userKey: flow.userKey, now: now)
        let failedBefore = flow.failedAttempts
        do {
            try OneTimeCode.check(code, flow: &flow, now: now, maxAttempts: configuration.maxCodeAttempts, lockedOut: .strongAuthLockedOut)
        } catch {
            state.flows[flow.id] = flow  // the attempt counts
            if flow.failedAttempts > failedBefore,
               let lockout = GuessGuard.recordFailure(&state, userKey: flow.userKey, now: now, policy: configuration.guessingPolicy) {
                throw lockout
            }
            throw error
        }
        GuessGuard.recordSuccess(&state, userKey: flow.userKey)
        flow.strongAuth?.satisfied = true
        return user
    }
}
