/// V2's password reset journey (docs/EMULATOR.md "API V2"), on V1's rules (``PasswordResetService``,
/// ``PasswordResetCompletion``): the entry's `reset_password` lists the email method; its challenge
/// sends the code (``V2StepService``); `verify` asks for the new password (`action: update`); `PUT`
/// to `update` starts the change (`action: poll`); each poll answers `poll` again while V1's reset
/// would answer `in_progress` (``PasswordResetSettings/pendingPolls``), then the password changes
/// (earlier refresh tokens revoked) and the journey ends (``V2Completion``).
struct V2PasswordResetService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// `{"continuationToken", "username"}` → the email method to challenge. An unknown address is
    /// `userNotFound`; an account without a password V1's 500222.
    func start(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let start = try V2Start(step, core: core)
        let userKey = UserRecord.key(try V2Start.username(step))
        return try core.update { state -> any ProtocolAnswer in
            guard let user = state.users[userKey] else { throw ProtocolError.userNotFound }
            guard user.method == .password, user.passwordHash != nil else { throw ProtocolError.userWithoutPassword }
            state.flows[start.flowId] = start.record(kind: .passwordReset, userKey: userKey, stage: .awaitingChallenge)
            return HALMethodsAnswer(challenge: [V2Methods.email(of: user, hrefs: hrefs)], multiFactor: false, continuationToken: start.token)
        }
    }

    /// The code (`otp`): right, the new password is asked for.
    func verifyCode(_ step: V2Step, flow: inout FlowRecord, state: inout EmulatorState, now: Double, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        try V2Methods.expect(step, type: "email", id: V2Methods.id(of: "email", owner: user.id))
        let code = try step.secret(step.body.otp, "otp")
        try OneTimeCode.check(code, flow: &flow, state: &state, now: now, maxAttempts: config.maxCodeAttempts, lockedOut: .passwordResetLockedOut)
        let next = flow.rotateToken(now: now, lifetime: PasswordResetCompletion(core: core).tokenLifetime)
        flow.stage = .awaitingNewPassword
        let id = V2Methods.id(of: "password", owner: user.id)
        return HALUpdateAnswer(passwordId: id, continuationToken: next, update: hrefs.link(.update, type: "password", id: id))
    }

    /// `PUT {"continuationToken", "newPassword"}`: the tenant's policy, not the current password.
    func update(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        let password = try step.secret(step.body.newPassword, "newPassword")
        let next = try PasswordResetCompletion(core: core).acceptNewPassword(
            password, request, otherwise: .wrongPasswordResetStep("update needs the token of the answer that asked for the new password")
        ) { flow, state in try expectPasswordMethod(step, of: flow, in: state) }
        return HALPollAnswer(continuationToken: next, poll: hrefs.link(.poll, type: "password", id: step.methodId ?? ""))
    }

    /// A poll: `poll` again while pending, then the journey's end.
    func poll(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        let wrongStep = ProtocolError.wrongPasswordResetStep("a poll needs the token of update's answer or of the last poll's")
        let lifetime = PasswordResetCompletion(core: core).tokenLifetime
        return try core.updateFlow(request, kind: .passwordReset, stages: [.awaitingCompletion], otherwise: wrongStep) {
            flow, state, now -> any ProtocolAnswer in
            try expectPasswordMethod(step, of: flow, in: state)
            guard try PasswordResetCompletion.poll(&flow, state: &state, otherwise: wrongStep) else {
                let next = flow.rotateToken(now: now, lifetime: lifetime)
                return HALPollAnswer(continuationToken: next, poll: hrefs.link(.poll, type: "password", id: step.methodId ?? ""))
            }
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            return V2Completion.finish(&flow, user: user, now: now, configuration: config, hrefs: hrefs, tokenLifetime: lifetime)
        }
    }

    /// Throws `unknownMethod` unless the path names the password of the flow's user.
    private func expectPasswordMethod(_ step: V2Step, of flow: FlowRecord, in state: EmulatorState) throws {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        try V2Methods.expect(step, type: "password", id: V2Methods.id(of: "password", owner: user.id))
    }
}
