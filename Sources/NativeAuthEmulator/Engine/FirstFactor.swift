import Foundation

/// A sign-in's first factor, checked: the code sent to the address, or the password. V1's `oob` and
/// `password` grants (``TokenService``) and V2's `verify` step check it the same way, under the
/// flow's attempts and the user's guessing limit (``GuessGuard``).
enum FirstFactor {
    /// What the client presented.
    enum Credential: Sendable {
        /// The code (the flow must be waiting for one).
        case code(String)
        /// The password, already checked against the user's hash outside the state lock (nil: the
        /// flow was not waiting for one, or the user has none).
        case password(PasswordCheck?)
    }

    /// Returns the user when `credential` is right. Else counts the attempt on `flow` (kept in
    /// `state`) and on the user's guessing record, and throws: the lock-out when this attempt starts
    /// one, the flow's lock-out when it uses up the flow's attempts (no retry suberror, so a client
    /// does not ask for an answer that can no longer work), else the wrong code or password. A user
    /// locked out is refused unchecked; a missing or expired code is the expired-code error.
    static func verify(_ credential: Credential, flow: inout FlowRecord, state: inout EmulatorState, now: Double,
                       configuration: EmulatorConfiguration) throws -> UserRecord {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        try GuessGuard.check(state, userKey: flow.userKey, now: now)
        let accepted: Bool
        switch credential {
        case .code(let code):
            guard let expiry = flow.codeExpiresAt, now < expiry, let codeHash = flow.codeHash else {
                throw ProtocolError.expiredCode
            }
            accepted = Secrets.constantTimeEquals(SignInService.codeDigest(code, flowId: flow.id), codeHash)
        case .password(let check):
            accepted = check?.accepts(user) ?? false
        }
        guard accepted else {
            flow.failedAttempts += 1
            let exhausted = flow.failedAttempts >= configuration.maxCodeAttempts
            if exhausted { flow.stage = .locked }
            state.flows[flow.id] = flow
            if let lockout = GuessGuard.recordFailure(&state, userKey: flow.userKey, now: now, policy: configuration.guessingPolicy) {
                throw lockout
            }
            let isCode = if case .code = credential { true } else { false }
            if exhausted { throw ProtocolError.tooManyAttempts(of: isCode ? "codes" : "passwords") }
            throw isCode ? ProtocolError.wrongCode : ProtocolError.wrongPassword
        }
        return user
    }
}
