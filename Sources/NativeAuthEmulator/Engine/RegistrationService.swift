import Foundation

/// Strong-auth method registration after `registration_required` (docs/PROTOCOL.md §9.2):
/// `/register/v1.0/introspect` lists what can be registered (email, SMS), `/register/v1.0/challenge`
/// sends a code to the contact (or answers `preverified` for the address a sign-up just verified),
/// `/register/v1.0/continue` takes the code, registers the method on the user and answers the token
/// of the `continuation_token` grant, which then signs the user in without asking again.
struct RegistrationService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// `{"continuation_token", "methods": [email (login_hint: the username), sms]}`.
    func introspect(_ form: FormBody) throws -> StrongAuthMethodsAnswer {
        let request = try ContinuationRequest(form, core: core)
        return try core.updateFlow(
            request, kind: nil, stages: [.registrationIntrospect, .registrationChallenge, .registrationCode, .registrationPreverified],
            otherwise: .wrongStrongAuthStep("/register/v1.0/introspect needs the token of a registration_required answer")
        ) { flow, state, now in
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            flow.stage = .registrationChallenge
            flow.codeHash = nil
            flow.codeExpiresAt = nil
            return StrongAuthMethodsAnswer(continuationToken: next, methods: [
                .init(id: "email", channel: "email", loginHint: user.username),
                .init(id: "sms", channel: "sms", loginHint: nil),
            ])
        }
    }

    /// Sends a code to `challenge_target` (again, or to another contact), or answers `preverified`.
    func challenge(_ form: FormBody) throws -> any ProtocolAnswer {
        let request = try ContinuationRequest(form, core: core)
        let challengeType = try RequestValidation.required("challenge_type", in: form)
        guard challengeType == "oob" else { throw ProtocolError.unsupportedChallengeType(challengeType) }
        let rawTarget = try RequestValidation.required("challenge_target", in: form)
        let channel: StrongAuthMethod.Channel
        switch form.nonEmpty("challenge_channel") {
        case nil: channel = ContactRules.channel(of: rawTarget)
        case "email": channel = .email
        case "sms": channel = .sms
        case let other?: throw ProtocolError.invalidVerificationContact("the challenge_channel '\(other.prefix(32))' is not email or sms.")
        }
        return try core.updateFlowSendingCode(
            request, kind: nil, stages: [.registrationChallenge, .registrationCode],
            otherwise: .wrongStrongAuthStep("/register/v1.0/challenge needs the token that /register/v1.0/introspect answered")
        ) { flow, state, now, code -> (any ProtocolAnswer, SentCode?) in
            switch try Self.offer(rawTarget, channel: channel, code: code, flow: &flow, state: &state, now: now, configuration: config) {
            case .preverified(let next):
                return (ChallengeTypeAnswer(continuationToken: next, challengeType: .preverified), nil)
            case .codeSent(let next, let target, let sent):
                return (CodeSentAnswer(continuationToken: next, channel: channel.rawValue, registering: target, codeLength: code.count), sent)
            }
        }
    }

    /// What registering a contact led to.
    enum Offer {
        /// The address a sign-up of this flow verified with a code: it needs no second code
        /// (the flow waits at ``FlowRecord/Stage/registrationPreverified``).
        case preverified(next: String)
        /// `code` was sent to `target` (in its stored form; the flow waits at ``FlowRecord/Stage/registrationCode``).
        case codeSent(next: String, target: String, sent: SentCode)
    }

    /// Offers `rawTarget` for registration on `channel`: checks it (a refused contact leaves the flow
    /// and its token as they were, to try another), then sends `code` to it, or takes it as verified.
    static func offer(_ rawTarget: String, channel: StrongAuthMethod.Channel, code: String, flow: inout FlowRecord,
                      state: inout EmulatorState, now: Double, configuration: EmulatorConfiguration) throws -> Offer {
        guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
        guard let target = ContactRules.normalized(rawTarget, channel: channel) else {
            throw ProtocolError.invalidVerificationContact(channel == .email
                ? "it is not an email address."
                : "it is not a phone number in international form (+ and 7 to 15 digits).")
        }
        if ContactRules.isBlocked(target, channel: channel) { throw ProtocolError.contactBlockedByReputation }
        let next = flow.rotateToken(now: now, lifetime: configuration.continuationTokenLifetime)
        flow.strongAuth?.pendingChannel = channel
        flow.strongAuth?.pendingTarget = target
        if channel == .email, flow.flowKind == .signUp, UserRecord.key(target) == flow.userKey {
            flow.stage = .registrationPreverified
            flow.codeHash = nil
            flow.codeExpiresAt = nil
            return .preverified(next: next)
        }
        let sent = OneTimeCode.send(code, flow: &flow, username: user.username, channel: channel, target: target,
                                    state: &state, now: now, configuration: configuration)
        flow.stage = .registrationCode
        return .codeSent(next: next, target: target, sent: sent)
    }

    /// The code (`grant_type=oob`), or nothing after `preverified` (`grant_type=continuation_token`):
    /// the method is registered, and the answer's token signs the user in.
    func proceed(_ form: FormBody) throws -> ContinuationAnswer {
        let request = try ContinuationRequest(form, core: core)
        let grantType = try RequestValidation.required("grant_type", in: form)
        let code: String?
        switch grantType {
        case "oob":
            guard let value = form["oob"], !value.isEmpty else { throw ProtocolError.missingParameter("oob") }
            code = value
        case "continuation_token":
            code = nil
        default:
            throw ProtocolError.unsupportedRegistrationGrant(grantType)
        }
        let (stage, wrongStep): (FlowRecord.Stage, ProtocolError) = code == nil
            ? (.registrationPreverified, .wrongStrongAuthStep("the continuation_token grant needs the token of a preverified /register/v1.0/challenge"))
            : (.registrationCode, .wrongStrongAuthStep("the oob grant needs the token of a /register/v1.0/challenge that sent a code"))
        return try core.updateFlow(request, kind: nil, stages: [stage], otherwise: wrongStep) { flow, state, now in
            ContinuationAnswer(continuationToken: try Self.register(code: code, flow: &flow, state: &state, now: now, configuration: config))
        }
    }

    /// Checks the `code` sent to the contact (none after ``Offer/preverified(next:)``; a wrong one
    /// counts on the flow, kept in `state`), registers the contact as the user's method, and readies
    /// the flow for the sign-in: returns its next token.
    static func register(code: String?, flow: inout FlowRecord, state: inout EmulatorState, now: Double,
                         configuration: EmulatorConfiguration) throws -> String {
        if let code {
            try OneTimeCode.check(code, flow: &flow, state: &state, now: now, maxAttempts: configuration.maxCodeAttempts, lockedOut: .strongAuthLockedOut)
        }
        guard var user = state.users[flow.userKey], let channel = flow.strongAuth?.pendingChannel,
              let target = flow.strongAuth?.pendingTarget
        else { throw ProtocolError.userNotFound }
        var mfa = user.mfa ?? UserStrongAuth(methods: [], register: nil)
        // A registration only an authentication context asked for leaves later sign-ins as they were.
        if user.mfa == nil { mfa.onlyForContexts = true }
        if !mfa.methods.contains(where: { $0.channel == channel && $0.target == target }), mfa.methods.count < UserStrongAuth.maximumMethods {
            mfa.methods.append(StrongAuthMethod(id: UUID().uuidString.lowercased(), channel: channel, target: target))
        }
        mfa.register = nil
        user.mfa = mfa
        state.users[flow.userKey] = user
        let next = flow.rotateToken(now: now, lifetime: configuration.continuationTokenLifetime)
        flow.strongAuth?.satisfied = true
        flow.stage = .readyForSignIn
        return next
    }
}
