/// A password checked against the user's hash before the state transaction that acts on the answer,
/// so that PBKDF2 (slow by design, up to ``PasswordHashFormat/maximumRounds`` rounds) never runs
/// while the state lock is held and never holds up other requests.
struct PasswordCheck: Sendable {
    /// The hash the password was checked against.
    let hash: String?
    let matches: Bool

    /// Looks up the flow's user under the lock (with the same checks as the transaction, so a bad
    /// token or a locked-out user costs no hashing), then checks `password` outside it.
    static func run(_ password: String, _ request: ContinuationRequest, core: EmulatorCore, now: Double) throws -> PasswordCheck {
        // Any stage: a token for another step is refused by the transaction, after no hashing.
        let hash = try core.readFlow(request, kind: .signIn, stages: nil, now: now) {
            flow, state -> String? in
            guard flow.stage == .awaitingPassword, let user = state.users[flow.userKey] else { return nil }
            try GuessGuard.check(state, userKey: flow.userKey, now: now)
            return user.passwordHash
        }
        guard let hash else { return PasswordCheck(hash: nil, matches: false) }
        core.beforePasswordVerification.withLock { $0 }?()
        return PasswordCheck(hash: hash, matches: PasswordHasher.verify(password, against: hash))
    }

    /// Whether the password matched the hash `user` still has.
    func accepts(_ user: UserRecord) -> Bool {
        matches && hash != nil && user.passwordHash == hash
    }
}
