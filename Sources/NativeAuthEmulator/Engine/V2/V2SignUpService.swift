import Foundation
import NativeAuthShared

/// V2's sign-up journey (docs/EMULATOR.md "API V2"), under the tenant's sign-up policy and V1's
/// rules (``SignUpService``, ``SignUpContinuation``). The entry's `sign_up` (`{"continuationToken",
/// "username"?}`) answers the first page of attributes (`collectAttributes`); `submitAttributes`
/// takes each page; the code sent to the address is taken at `verify`; then the user is created and
/// the journey ends (``V2Completion``: `continue`, or the second factor the tenant gives new users).
///
/// The first page is the credentials: `email` (required: the sources show the service asking for it
/// even when the username was sent, and it is how a start without `username` gives the address) and
/// `password` for a tenant whose users may sign up with one (a sign-up that gives it under the policy
/// `any` gets a password account). What follows has two orders:
///
/// - By default, V1's: the first page also offers the policy's attributes, all optional (what V1's
///   start takes), and its submission sends the code; after the code, the password when the account
///   needs one and has none, then the required attributes still missing, each a page of its own.
///   So an app's V1 code (the username alone at the start, the attributes after the code) runs as is.
/// - With the policy's `v2AttributesBeforeCode`, the sources' order: after the credentials (the
///   password required for a password tenant), a page of the policy's attributes with their own
///   `required`, asked again while a required one is missing; then the code, and after it the account.
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
            state.flows[start.flowId] = start.record(kind: .signUp, userKey: userKey, stage: .awaitingCredential, signUp: progress)
        }
        var page = [HALAttributesAnswer.Attribute(attributeId: "email", type: "string", required: true, validationRegex: nil)]
        if policy.method != .otp {
            let required = policy.method == .password && policy.v2AttributesBeforeCode
            page.append(.init(attributeId: "password", type: "string", required: required, validationRegex: nil))
        }
        if !policy.v2AttributesBeforeCode { page += policy.attributes.map { Self.attribute($0, required: false) } }
        return HALAttributesAnswer(page, continuationToken: start.token, submit: hrefs.link(.attributes))
    }

    /// A page of attributes. Refused values leave the token good, to try again.
    func submitAttributes(_ step: V2Step, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        let request = try step.continuation()
        guard let submitted = step.body.attributes else { throw ProtocolError.missingMember("attributes") }
        let email = submitted.first { $0.0 == "email" }?.1
        let others = submitted.filter { $0.0 != "email" && $0.0 != "password" }
        // The password's policy and hash before the state lock (PBKDF2 is slow on purpose); an
        // email-code sign-up ignores a password, as V1's does.
        var passwordHash: String?
        if policy.method != .otp, let password = submitted.first(where: { $0.0 == "password" })?.1 {
            guard case .string(let text) = password, !text.isEmpty else { throw ProtocolError.attributeValidationFailed(["password"]) }
            if let violation = policy.passwordPolicy.violation(of: text) { throw ProtocolError.passwordPolicy(violation) }
            passwordHash = PasswordHasher.hash(text)
        }
        return try core.updateFlowSendingCode(
            request, kind: .signUp, stages: [.awaitingAttributes, .awaitingCredential],
            otherwise: .invalidContinuationToken("it is for another step of the sign-up; submitAttributes needs the token of a collectAttributes answer.")
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            guard var progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
            if progress.verified {
                if flow.stage == .awaitingCredential {
                    guard let passwordHash else { throw ProtocolError.missingMember("attributes.password") }
                    progress.passwordHash = passwordHash
                } else {
                    // Once the address is verified, only required attributes are taken (as V1).
                    progress.attributes.merge(try SignUpAttributeCheck.accepted(others, policy: policy, onlyRequired: true)) { _, new in new }
                }
                return (try advance(&flow, progress, state: &state, now: now, hrefs: hrefs), nil)
            }
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
            if let page = pageBeforeCode(progress, after: flow.stage) {
                flow.stage = page.stage
                let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
                return (HALAttributesAnswer(page.attributes, continuationToken: next, submit: hrefs.link(.attributes)), nil)
            }
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            let sent = OneTimeCode.send(code, flow: &flow, username: progress.username, channel: .email, target: progress.username,
                                        state: &state, now: now, configuration: config)
            flow.stage = .awaitingCode
            let id = V2Methods.id(of: "email", owner: flow.userKey)
            return (HALVerifyAnswer(codeSentOn: "email", id: id, hint: sent.maskedTarget, codeLength: code.count, continuationToken: next,
                                    verify: hrefs.link(.verify, type: "email", id: id), resend: hrefs.link(.challenge, type: "email", id: id)),
                    sent)
        }
    }

    /// The code sent to the address (`verify`): right, the sign-up goes on (``advance``).
    func verifyAddress(_ code: String, flow: inout FlowRecord, state: inout EmulatorState, now: Double, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        guard var progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
        try OneTimeCode.check(code, flow: &flow, state: &state, now: now, maxAttempts: config.maxCodeAttempts, lockedOut: .signUpLockedOut)
        progress.verified = true
        return try advance(&flow, progress, state: &state, now: now, hrefs: hrefs)
    }

    /// Under `v2AttributesBeforeCode`, the page a sign-up still owes before its code, after the page
    /// of `stage`: the password (a password tenant's), the policy's attributes once after the
    /// credentials, then the required ones still missing; nil when the code may be sent.
    private func pageBeforeCode(_ progress: SignUpProgress, after stage: FlowRecord.Stage) -> (stage: FlowRecord.Stage, attributes: [HALAttributesAnswer.Attribute])? {
        guard policy.v2AttributesBeforeCode else { return nil }
        if progress.method == .password, progress.passwordHash == nil {
            return (.awaitingCredential, [.init(attributeId: "password", type: "string", required: true, validationRegex: nil)])
        }
        let remaining = policy.attributes.filter { progress.attributes[$0.name] == nil }
        if stage == .awaitingCredential, !remaining.isEmpty {
            return (.awaitingAttributes, remaining.map { Self.attribute($0, required: $0.required) })
        }
        let missing = remaining.filter(\.required)
        return missing.isEmpty ? nil : (.awaitingAttributes, missing.map { Self.attribute($0, required: true) })
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
