import Foundation
import NativeAuthShared

/// `/resetpassword/v1.0/start` and `/resetpassword/v1.0/challenge` (docs/PROTOCOL.md §8): a code
/// verifies that the user owns the address. `/continue`, `/submit` and `/poll_completion` are
/// ``PasswordResetCompletion``.
struct PasswordResetService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// Starts a reset for a password account. An unknown address is `user_not_found`, an email-code
    /// account the service's 500222; a client whose `challenge_type` lacks `oob` (the code) gets the
    /// redirect.
    func start(_ form: FormBody) throws -> JSONValue {
        let clientId = try RequestValidation.clientId(form, core: core)
        let types = try ChallengeTypes.parse(RequestValidation.required("challenge_type", in: form))
        let capabilities = try Capabilities.parse(form)
        guard let username = form.nonEmpty("username"), UsernameRules.isWellFormed(username) else {
            throw ProtocolError.invalidUsername
        }
        let userKey = UserRecord.key(username)
        let now = core.clock.now()
        let flowId = ContinuationToken.newFlowId()
        let token = ContinuationToken.make(flowId: flowId, expiresAt: now + config.continuationTokenLifetime)
        return try core.update { state in
            guard let user = state.users[userKey] else { throw ProtocolError.userNotFound }
            guard user.method == .password, user.passwordHash != nil else { throw ProtocolError.userWithoutPassword }
            guard types.contains("oob") else { return Self.missingCodeRedirect }
            state.flows[flowId] = FlowRecord(
                id: flowId, kind: .passwordReset, clientId: clientId, userKey: userKey, challengeTypes: types,
                stage: .awaitingChallenge, tokenHash: ContinuationToken.digest(token),
                tokenExpiresAt: now + config.continuationTokenLifetime, codeHash: nil, codeExpiresAt: nil, failedAttempts: 0,
                purgeAfter: now + config.continuationTokenLifetime + FlowRecord.unfinishedRetention, capabilities: capabilities)
            return .object([("continuation_token", .string(token))])
        }
    }

    /// Sends a code (again, for a resend: the previous code and token stop working).
    func challenge(_ form: FormBody) throws -> JSONValue {
        let clientId = try RequestValidation.clientId(form, core: core)
        let presented = try RequestValidation.required("continuation_token", in: form)
        let requestedTypes = try form.nonEmpty("challenge_type").map { raw throws(ProtocolError) in try ChallengeTypes.parse(raw) }
        let now = core.clock.now()
        let code = config.fixedCode ?? Secrets.numericCode(length: config.codeLength)
        let (body, sent) = try core.update { state -> (JSONValue, SentCode?) in
            var flow = try FlowResolver.resolve(presented, clientId: clientId, kind: .passwordReset, in: state, now: now)
            guard [.awaitingChallenge, .awaitingCode].contains(flow.stage) else {
                throw ProtocolError.wrongPasswordResetStep("a code is sent only before it is verified")
            }
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            defer { state.flows[flow.id] = flow }
            guard (requestedTypes ?? flow.challengeTypes).contains("oob") else {
                flow.stage = .redirected
                flow.purgeAfter = flow.tokenExpiresAt
                return (Self.missingCodeRedirect, nil)
            }
            let next = ContinuationToken.make(flowId: flow.id, expiresAt: now + config.continuationTokenLifetime)
            flow.tokenHash = ContinuationToken.digest(next)
            flow.tokenExpiresAt = now + config.continuationTokenLifetime
            flow.purgeAfter = flow.tokenExpiresAt + FlowRecord.unfinishedRetention
            let (body, sent) = OneTimeCode.send(code, flow: &flow, username: user.username, continuationToken: next,
                                                state: &state, now: now, configuration: config)
            return (body, sent)
        }
        if let sent { config.onCodeSent(sent) }
        return body
    }

    private static let missingCodeRedirect = SignUpService.redirect(
        "A password reset verifies the address with an email one-time passcode ('oob'), which the client's challenge_type list does not include.")
}
