import Foundation

/// V2's method steps, shared by every journey: `POST /methods/{type}/{id}/challenge` (a code sent,
/// again for a resend, or the password asked for) and `POST /methods/{type}/{id}/verify` (the code or
/// the password). What a step does depends on the flow its token names and where the flow stands: a
/// sign-in's first factor, MFA's second factor, a sign-up's address, a password reset's code. The rules are V1's (codes, attempts, guessing limit); the path must name
/// the method the step offers.
struct V2StepService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// Sends a code on the method the path names (again: a resend), or asks for the password.
    func challenge(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        return try core.updateFlowSendingCode(
            request, kind: nil, stages: [.awaitingChallenge, .awaitingCode, .awaitingPassword, .mfaChallenge, .mfaCode]
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            switch (flow.flowKind, flow.stage) {
            case (_, .mfaChallenge), (_, .mfaCode):
                let (user, method) = try MFAService.method(step.methodId ?? "", of: flow, in: state)
                try V2Methods.expect(step, type: method.channel.rawValue, id: method.id)
                let (next, sent) = try MFAService.sendCode(code, on: method, of: user, flow: &flow, state: &state, now: now, configuration: config)
                return (codeAnswer(type: method.channel.rawValue, id: method.id, sent: sent, code: code, next: next, hrefs: hrefs), sent)
            case (.signIn, _), (.passwordReset, .awaitingChallenge), (.passwordReset, .awaitingCode):
                guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
                let type = flow.flowKind == .signIn ? V2Methods.firstFactorType(of: user) : "email"
                let id = V2Methods.id(of: type, owner: user.id)
                try V2Methods.expect(step, type: type, id: id)
                let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
                if type == "password" {
                    flow.stage = .awaitingPassword
                    flow.codeHash = nil
                    flow.codeExpiresAt = nil
                    return (HALVerifyAnswer(passwordOf: id, continuationToken: next, verify: hrefs.link(.verify, type: type, id: id)), nil)
                }
                let sent = sendEmailCode(code, to: user.username, flow: &flow, state: &state, now: now)
                return (codeAnswer(type: type, id: id, sent: sent, code: code, next: next, hrefs: hrefs), sent)
            case (.signUp, .awaitingCode):
                guard let progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
                let id = V2Methods.id(of: "email", owner: flow.userKey)
                try V2Methods.expect(step, type: "email", id: id)
                let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
                let sent = sendEmailCode(code, to: progress.username, flow: &flow, state: &state, now: now)
                return (codeAnswer(type: "email", id: id, sent: sent, code: code, next: next, hrefs: hrefs), sent)
            default:
                throw ProtocolError.anotherStep
            }
        }
    }

    /// Takes the code (`otp`) or the password (`password`) for the method the path names.
    func verify(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        let now = core.clock.now()
        // A password is checked against its hash outside the state lock (PBKDF2 is slow by design).
        let passwordCheck = try step.body.password.map { password throws -> PasswordCheck in
            try PasswordCheck.run(try step.secret(password, "password"), request, core: core, now: now)
        }
        return try core.updateFlow(request, kind: nil, stages: [.awaitingCode, .awaitingPassword, .mfaCode], now: now) {
            flow, state, now -> any ProtocolAnswer in
            switch (flow.flowKind, flow.stage) {
            case (_, .mfaCode):
                let (_, method) = try MFAService.method(flow.strongAuth?.methodId ?? "", of: flow, in: state)
                try V2Methods.expect(step, type: method.channel.rawValue, id: method.id)
                let user = try MFAService.verifyCode(try step.secret(step.body.otp, "otp"), flow: &flow, state: &state, now: now,
                                                     configuration: config)
                return V2Completion.finish(&flow, user: user, now: now, configuration: config, hrefs: hrefs)
            case (.signIn, _):
                return try verifyFirstFactor(step, passwordCheck: passwordCheck, flow: &flow, state: &state, now: now, hrefs: hrefs)
            case (.signUp, .awaitingCode):
                try V2Methods.expect(step, type: "email", id: V2Methods.id(of: "email", owner: flow.userKey))
                return try V2SignUpService(core: core).verifyAddress(try step.secret(step.body.otp, "otp"), flow: &flow, state: &state,
                                                                     now: now, hrefs: hrefs)
            case (.passwordReset, .awaitingCode):
                return try V2PasswordResetService(core: core).verifyCode(step, flow: &flow, state: &state, now: now, hrefs: hrefs)
            default:
                throw ProtocolError.anotherStep
            }
        }
    }

    /// A sign-in's code or password (V1's rules: ``FirstFactor``); right, the user's strong
    /// authentication or `continue` (the guessing count starts again only once nothing more is owed).
    private func verifyFirstFactor(_ step: V2Step, passwordCheck: PasswordCheck?, flow: inout FlowRecord, state: inout EmulatorState,
                                   now: Double, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        let type = V2Methods.firstFactorType(of: user)
        try V2Methods.expect(step, type: type, id: V2Methods.id(of: type, owner: user.id))
        let credential: FirstFactor.Credential
        if flow.stage == .awaitingCode {
            credential = .code(try step.secret(step.body.otp, "otp"))
        } else {
            guard let passwordCheck else { throw ProtocolError.missingMember("password") }
            credential = .password(passwordCheck)
        }
        let verified = try FirstFactor.verify(credential, flow: &flow, state: &state, now: now, configuration: config)
        if StrongAuthGate.requirement(of: flow, user: verified, contextDemands: false) == nil {
            GuessGuard.recordSuccess(&state, userKey: flow.userKey)
        }
        return V2Completion.finish(&flow, user: verified, now: now, configuration: config, hrefs: hrefs)
    }

    /// Sends `code` to the address `username` (the flow then waits for it).
    private func sendEmailCode(_ code: String, to username: String, flow: inout FlowRecord, state: inout EmulatorState, now: Double) -> SentCode {
        let sent = OneTimeCode.send(code, flow: &flow, username: username, channel: .email, target: username, state: &state, now: now,
                                    configuration: config)
        flow.stage = .awaitingCode
        return sent
    }

    /// `action: verify` for the code just sent on `type`/`id`.
    private func codeAnswer(type: String, id: String, sent: SentCode, code: String, next: String, hrefs: V2Hrefs) -> HALVerifyAnswer {
        HALVerifyAnswer(codeSentOn: type, id: id, hint: sent.maskedTarget, codeLength: code.count, continuationToken: next,
                        verify: hrefs.link(.verify, type: type, id: id), resend: hrefs.link(.challenge, type: type, id: id))
    }
}
