import Foundation

/// `/signup/v1.0/start` and `/signup/v1.0/challenge` (docs/PROTOCOL.md §7.1, §7.2), under the
/// tenant's sign-up policy (``TenantPolicy``). `/signup/v1.0/continue` is ``SignUpContinuation``.
struct SignUpService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }
    private var policy: TenantPolicy { core.tenantPolicy }

    /// Starts a sign-up for an address that has no account: checks the password (when the method
    /// takes one) and the attributes given, and returns the flow's first continuation token. A
    /// client that cannot handle the tenant's method gets the redirect.
    func start(_ form: FormBody) throws -> any ProtocolAnswer {
        let start = try FlowStart(form, core: core, requireAddress: true)
        let userKey = start.userKey
        if try core.store.read({ $0.users[userKey] != nil }) { throw ProtocolError.userAlreadyExists }
        guard let method = policy.signUpMethod(clientTypes: start.challengeTypes) else {
            return RedirectAnswer(reason: "The tenant signs users up with \(Self.describe(policy.method)), which the client's challenge_type list does not include.")
        }
        // A password sent to an email-code sign-up is ignored: the account will have none.
        var passwordHash: String?
        if method == .password, let password = form.nonEmpty("password") {
            if let violation = policy.passwordPolicy.violation(of: password) { throw ProtocolError.passwordPolicy(violation) }
            passwordHash = PasswordHasher.hash(password)  // outside the state lock: PBKDF2 is slow on purpose
        }
        let attributes = try SignUpAttributeCheck.accepted(form["attributes"], policy: policy, onlyRequired: false)
        let progress = SignUpProgress(username: start.username, method: method, passwordHash: passwordHash,
                                      attributes: attributes, verified: false)
        try core.update { state in
            guard state.users[userKey] == nil else { throw ProtocolError.userAlreadyExists }
            state.flows[start.flowId] = start.record(kind: .signUp, signUp: progress)
        }
        return start.answer
    }

    /// Before the address is verified: sends a code (again, for a resend). After `credential_required`:
    /// asks for the password. A client list without the needed type gets the redirect.
    func challenge(_ form: FormBody) throws -> any ProtocolAnswer {
        let request = try ContinuationRequest(form, core: core)
        let requestedTypes = try ChallengeTypes.requested(in: form)
        return try core.updateFlowSendingCode(
            request, kind: .signUp, stages: [.awaitingChallenge, .awaitingCode, .awaitingCredential, .awaitingPassword],
            otherwise: .invalidContinuationToken("it is for another step of the sign-up.")
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            guard let progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
            let types = requestedTypes ?? flow.challengeTypes
            let wanted = [FlowRecord.Stage.awaitingChallenge, .awaitingCode].contains(flow.stage) ? "oob" : "password"
            guard types.contains(wanted) else {
                flow.stage = .redirected
                return (RedirectAnswer(reason: "The sign-up needs \(wanted == "oob" ? "an email one-time passcode ('oob')" : "a password ('password')"), "
                    + "which the client's challenge_type list does not include."), nil)
            }
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            if wanted == "password" {
                flow.stage = .awaitingPassword
                return (ChallengeTypeAnswer(continuationToken: next, challengeType: .password), nil)
            }
            let (body, sent) = OneTimeCode.send(code, flow: &flow, username: progress.username, continuationToken: next,
                                                state: &state, now: now, configuration: config)
            // The service adds `interval` to a sign-up's OTP block: the seconds before a resend may be
            // asked for (docs/PROTOCOL.md §7.2). The emulator does not enforce it.
            return (body.withInterval(Self.resendInterval), sent)
        }
    }

    /// The `interval` of a sign-up's code challenge, in seconds: the service's value.
    static let resendInterval = 300

    private static func describe(_ method: TenantPolicy.Method) -> String {
        switch method {
        case .otp, .any: "email one-time passcode ('oob')"
        case .password: "email with password ('oob password')"
        }
    }
}
