import Foundation
import NativeAuthShared

/// V2's sign-up journey (docs/EMULATOR.md "API V2"), under the tenant's sign-up policy and V1's
/// rules (``SignUpService``, ``SignUpContinuation``):
///
/// 1. The entry's `sign_up` (`{"continuationToken", "username"?}`) answers the first page of
///    attributes (`collectAttributes`): `email` (required; the sources show the service asking for
///    it even when the username was sent, and it is how a start without `username` gives the
///    address), `password` (for a tenant whose users may sign up with one; optional here, as V1's
///    start takes it: a sign-up that gives one gets a password account, under the policy `any`),
///    and the policy's attributes, all optional: what V1's start takes.
/// 2. `submitAttributes` with that page sends the code to the address (`action: verify`).
/// 3. `verify` with the code; then, as V1 after its code, the password when the account needs one
///    and has none, then the required attributes still missing, each a page of its own; then the
///    user is created, and the journey ends (``V2Completion``: `continue`, or the second factor the
///    tenant gives new users).
struct V2SignUpService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }
    private var policy: TenantPolicy { core.tenantPolicy }

    /// Starts a sign-up: the first page of attributes.
    func start(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let start = try V2Start(step, core: core)
        let username = HALRequestBody.nonEmpty(step.body.username) == nil ? nil : try V2Start.username(step, requireAddress: true)
        // Until the page gives the address, the flow is nobody's (no username has white space).
        let userKey = username.map(UserRecord.key) ?? "unnamed sign-up \(start.flowId)"
        let progress = SignUpProgress(username: username ?? "", method: policy.method == .password ? .password : .otp,
                                      passwordHash: nil, attributes: [:], verified: false)
        try core.update { state in
            guard state.users[userKey] == nil else { throw ProtocolError.userAlreadyExists }
            state.flows[start.flowId] = start.record(kind: .signUp, userKey: userKey, stage: .awaitingAttributes, signUp: progress)
        }
        var page = [HALAttributesAnswer.Attribute(attributeId: "email", type: "string", required: true, validationRegex: nil)]
        if policy.method != .otp { page.append(.init(attributeId: "password", type: "string", required: false, validationRegex: nil)) }
        page += policy.attributes.map { Self.attribute($0, required: false) }
        return HALAttributesAnswer(page, continuationToken: start.token, submit: hrefs.link(.attributes))
    }

    /// A page of attributes: the first one (then the code is sent), the password, or the required
    /// attributes still missing. Refused values leave the token good, to try again.
    func submitAttributes(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        guard let submitted = step.body.attributes else { throw ProtocolError.missingMember("attributes") }
        let email = submitted.first { $0.0 == "email" }?.1
        let password = submitted.first { $0.0 == "password" }?.1
        let others = submitted.filter { $0.0 != "email" && $0.0 != "password" }
        // The password's policy and hash before the state lock (PBKDF2 is slow on purpose); an
        // email-code sign-up ignores a password, as V1's does.
        var passwordHash: String?
        if policy.method != .otp, let password {
            guard case .string(let text) = password, !text.isEmpty else { throw ProtocolError.attributeValidationFailed(["password"]) }
            if let violation = policy.passwordPolicy.violation(of: text) { throw ProtocolError.passwordPolicy(violation) }
            passwordHash = PasswordHasher.hash(text)
        }
        return try core.updateFlowSendingCode(
            request, kind: .signUp, stages: [.awaitingAttributes, .awaitingCredential],
            otherwise: .invalidContinuationToken("it is for another step of the sign-up; submitAttributes needs the token of a collectAttributes answer.")
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            guard var progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
            if !progress.verified {
                if progress.username.isEmpty {
                    guard case .string(let address)? = email, UsernameRules.isWellFormed(address), address.contains("@") else {
                        throw ProtocolError.invalidSignUpAddress
                    }
                    guard state.users[UserRecord.key(address)] == nil else { throw ProtocolError.userAlreadyExists }
                    progress.username = address
                    flow.userKey = UserRecord.key(address)
                }
                progress.attributes.merge(try SignUpAttributeCheck.accepted(others, policy: policy, onlyRequired: false)) { _, new in new }
                if let passwordHash {
                    progress.passwordHash = passwordHash
                    progress.method = .password
                }
                flow.signUp = progress
                let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
                let sent = OneTimeCode.send(code, flow: &flow, username: progress.username, channel: .email, target: progress.username,
                                            state: &state, now: now, configuration: config)
                flow.stage = .awaitingCode
                let id = V2Methods.id(of: "email", owner: flow.userKey)
                return (HALVerifyAnswer(codeSentOn: "email", id: id, hint: sent.maskedTarget, codeLength: code.count, continuationToken: next,
                                        submit: hrefs.link(.verify, type: "email", id: id), resend: hrefs.link(.challenge, type: "email", id: id)),
                        sent)
            }
            if flow.stage == .awaitingCredential {
                guard let passwordHash else { throw ProtocolError.missingMember("attributes.password") }
                progress.passwordHash = passwordHash
            } else {
                // Once the address is verified, only required attributes are taken (as V1).
                progress.attributes.merge(try SignUpAttributeCheck.accepted(others, policy: policy, onlyRequired: true)) { _, new in new }
            }
            return (try advance(&flow, progress, state: &state, now: now, hrefs: hrefs), nil)
        }
    }

    /// The code sent to the address (`verify`): right, the sign-up goes on (``advance``).
    func verifyAddress(_ code: String, flow: inout FlowRecord, state: inout EmulatorState, now: Double, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        guard var progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
        do {
            try OneTimeCode.check(code, flow: &flow, now: now, maxAttempts: config.maxCodeAttempts, lockedOut: .signUpLockedOut)
        } catch {
            state.flows[flow.id] = flow  // the attempt counts
            throw error
        }
        progress.verified = true
        return try advance(&flow, progress, state: &state, now: now, hrefs: hrefs)
    }

    /// After the code: the page of what the account still lacks, or the account (V1's order,
    /// ``SignUpContinuation/settle(_:_:state:policy:)``) and the journey's end.
    private func advance(_ flow: inout FlowRecord, _ progress: SignUpProgress, state: inout EmulatorState, now: Double,
                         hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        defer { state.flows[flow.id] = flow }
        let page: [HALAttributesAnswer.Attribute]
        switch try SignUpContinuation.settle(&flow, progress, state: &state, policy: policy) {
        case .needsPassword:
            page = [.init(attributeId: "password", type: "string", required: true, validationRegex: nil)]
        case .needsAttributes(let missing):
            page = missing.map { Self.attribute($0, required: true) }
        case .created:
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            return V2Completion.finish(&flow, user: user, now: now, configuration: config, hrefs: hrefs)
        }
        let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
        return HALAttributesAnswer(page, continuationToken: next, submit: hrefs.link(.attributes))
    }

    /// How a page lists the policy's attribute `rule`.
    private static func attribute(_ rule: UserAttributeRule, required: Bool) -> HALAttributesAnswer.Attribute {
        .init(attributeId: rule.name, type: rule.type.rawValue, required: required, validationRegex: rule.regex)
    }
}
