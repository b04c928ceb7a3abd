import Foundation

/// `/resetpassword/v1.0/start` and `/resetpassword/v1.0/challenge` (docs/PROTOCOL.md §8): a code
/// verifies that the user owns the address. `/continue`, `/submit` and `/poll_completion` are
/// ``PasswordResetCompletion``.
struct PasswordResetService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// Starts a reset for a password account. An unknown address is `user_not_found`, an email-code
    /// account the service's 500222; a client whose `challenge_type` lacks `oob` (the code) gets the
    /// redirect.
    func start(_ form: FormBody) throws -> any ProtocolAnswer {
        let start = try FlowStart(form, core: core)
        return try core.update { state in
            guard let user = state.users[start.userKey] else { throw ProtocolError.userNotFound }
            guard user.method == .password, user.passwordHash != nil else { throw ProtocolError.userWithoutPassword }
            guard start.challengeTypes.contains("oob") else { return Self.missingCodeRedirect as any ProtocolAnswer }
            state.flows[start.flowId] = start.record(kind: .passwordReset)
            return start.answer
        }
    }

    /// Sends a code (again, for a resend: the previous code and token stop working).
    func challenge(_ form: FormBody) throws -> any ProtocolAnswer {
        let request = try ContinuationRequest(form, core: core)
        let requestedTypes = try ChallengeTypes.requested(in: form)
        return try core.updateFlowSendingCode(
            request, kind: .passwordReset, stages: [.awaitingChallenge, .awaitingCode],
            otherwise: .wrongPasswordResetStep("a code is sent only before it is verified")
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            guard (requestedTypes ?? flow.challengeTypes).contains("oob") else {
                flow.stage = .redirected
                return (Self.missingCodeRedirect, nil)
            }
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            let (body, sent) = OneTimeCode.send(code, flow: &flow, username: user.username, continuationToken: next,
                                                state: &state, now: now, configuration: config)
            return (body, sent)
        }
    }

    private static let missingCodeRedirect = RedirectAnswer(
        reason: "A password reset verifies the address with an email one-time passcode ('oob'), which the client's challenge_type list does not include.")
}
