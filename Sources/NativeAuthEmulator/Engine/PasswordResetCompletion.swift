import Foundation

/// `/resetpassword/v1.0/continue` (the code), `/submit` (the new password) and `/poll_completion`
/// (docs/PROTOCOL.md §8). The new password takes effect when a poll answers `succeeded`, after
/// ``PasswordResetSettings/pendingPolls`` polls answered `in_progress`: then the old password stops
/// working, every refresh token the user was issued before is revoked, and the answer's token signs
/// the user in (the `continuation_token` grant, ``ContinuationGrant``).
struct PasswordResetCompletion: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// The longest a token of a reset's last steps lives: the reference's `expires_in` is at most 600 s.
    static let maximumTokenLifetime: Double = 600


    /// The code: right, the flow asks for the new password (`{"continuation_token", "expires_in"}`).
    func proceed(_ form: FormBody) throws -> ExpiringContinuationAnswer {
        let request = try ContinuationRequest(form, core: core)
        let grantType = try RequestValidation.required("grant_type", in: form)
        guard grantType == "oob" else { throw ProtocolError.unsupportedPasswordResetGrant(grantType) }
        guard let code = form["oob"], !code.isEmpty else { throw ProtocolError.missingParameter("oob") }
        return try core.updateFlow(
            request, kind: .passwordReset, stages: [.awaitingCode],
            otherwise: .wrongPasswordResetStep("the oob grant needs the token from a /resetpassword/v1.0/challenge that sent a code")
        ) { flow, state, now in
            try OneTimeCode.check(code, flow: &flow, state: &state, now: now, maxAttempts: config.maxCodeAttempts, lockedOut: .passwordResetLockedOut)
            let next = flow.rotateToken(now: now, lifetime: tokenLifetime)  // at most 600 s
            flow.stage = .awaitingNewPassword
            return ExpiringContinuationAnswer(continuationToken: next, expiresIn: Int(tokenLifetime))
        }
    }

    /// The new password: the tenant's policy, and not the current password (`password_recently_used`).
    func submit(_ form: FormBody) throws -> PollIntervalAnswer {
        let request = try ContinuationRequest(form, core: core)
        guard let password = form["new_password"], !password.isEmpty else { throw ProtocolError.missingParameter("new_password") }
        let next = try acceptNewPassword(
            password, request, otherwise: .wrongPasswordResetStep("/submit needs the token that /resetpassword/v1.0/continue answered to the code"))
        return PollIntervalAnswer(continuationToken: next, pollInterval: core.passwordReset.pollInterval)
    }

    /// Takes `password` as the new password of the reset `request` names (waiting for one, else
    /// `wrongStep`; `inspect` may refuse the flow first): the tenant's policy, and not the current
    /// password. The flow then waits for its polls; returns its next token.
    func acceptNewPassword(_ password: String, _ request: ContinuationRequest, otherwise wrongStep: ProtocolError,
                           inspect: (FlowRecord, EmulatorState) throws -> Void = { _, _ in }) throws -> String {
        let now = core.clock.now()
        // The current password's hash is read first and compared outside the state lock (PBKDF2 is slow on purpose).
        let currentHash = try core.readFlow(request, kind: .passwordReset, stages: [.awaitingNewPassword], otherwise: wrongStep,
                                            now: now) { flow, state in
            try inspect(flow, state)
            return state.users[flow.userKey]?.passwordHash
        }
        let isCurrent = currentHash.map { PasswordHasher.verify(password, against: $0) } ?? false
        if let violation = core.tenantPolicy.passwordPolicy.violation(of: password, isCurrent: isCurrent) {
            throw ProtocolError.passwordPolicy(violation)
        }
        let hash = PasswordHasher.hash(password)
        let settings = core.passwordReset
        return try core.updateFlow(
            request, kind: .passwordReset, stages: [.awaitingNewPassword], otherwise: wrongStep, now: now
        ) { flow, _, now in
            let next = flow.rotateToken(now: now, lifetime: tokenLifetime)  // at most 600 s
            flow.stage = .awaitingCompletion
            flow.passwordReset = PasswordResetProgress(newPasswordHash: hash, pendingPolls: settings.pendingPolls)
            return next
        }
    }

    /// `in_progress` while polls are pending (the submit's token stays good for the next poll), then
    /// `succeeded`: the password changes, earlier refresh tokens are revoked, and a token to sign in.
    func pollCompletion(_ form: FormBody) throws -> PollCompletionAnswer {
        let request = try ContinuationRequest(form, core: core)
        let awaitingCompletion = ProtocolError.wrongPasswordResetStep("/poll_completion needs the token that /resetpassword/v1.0/submit answered")
        return try core.updateFlow(request, kind: .passwordReset, stages: [.awaitingCompletion], otherwise: awaitingCompletion) {
            flow, state, now in
            guard try Self.poll(&flow, state: &state, otherwise: awaitingCompletion) else { return .inProgress }
            let next = flow.rotateToken(now: now, lifetime: tokenLifetime)  // at most 600 s
            return .succeeded(continuationToken: next, expiresIn: Int(tokenLifetime))
        }
    }

    /// One poll of `flow` (waiting for its completion, else `wrongStep`): false while polls are
    /// pending (one fewer now); true when the reset took effect: the password changed, every refresh
    /// token the user was issued before is revoked, and the flow is ready for the sign-in.
    static func poll(_ flow: inout FlowRecord, state: inout EmulatorState, otherwise wrongStep: ProtocolError) throws -> Bool {
        guard var progress = flow.passwordReset else { throw wrongStep }
        if progress.pendingPolls > 0 {
            progress.pendingPolls -= 1
            flow.passwordReset = progress
            return false
        }
        guard var user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        user.passwordHash = progress.newPasswordHash
        state.users[flow.userKey] = user
        RefreshTokenRevocation.revokeAll(of: flow.userKey, in: &state)
        flow.stage = .readyForSignIn
        flow.passwordReset = nil
        return true
    }

    /// The lifetime of the tokens of a reset's last steps: the configuration's, at most 600 s.
    var tokenLifetime: Double { min(config.continuationTokenLifetime, Self.maximumTokenLifetime) }
}
