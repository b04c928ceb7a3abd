import Foundation
import NativeAuthShared

/// `/oauth2/v2.0/initiate` and `/oauth2/v2.0/challenge` (docs/PROTOCOL.md §6.1, §6.2).
struct SignInService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    /// Starts a flow for a known user and returns its first continuation token.
    func initiate(_ form: FormBody) throws -> JSONValue {
        let start = try FlowStart(form, core: core)
        let browserOnly = try core.update { state -> Bool in
            guard let user = state.users[start.userKey] else { throw ProtocolError.userNotFound }
            if user.browserOnly == true { return true }
            state.flows[start.flowId] = start.record(kind: .signIn)
            return false
        }
        return browserOnly ? BrowserOnlyUsers.redirect : start.answer
    }

    /// Sends a code (OTP users), asks for the password (password users), or redirects when the
    /// user's method is not in the client's challenge types. Calling it again resends a code.
    func challenge(_ form: FormBody) throws -> JSONValue {
        let clientId = try RequestValidation.clientId(form, core: core)
        let presented = try RequestValidation.required("continuation_token", in: form)
        let requestedTypes = try form.nonEmpty("challenge_type").map { raw throws(ProtocolError) in try ChallengeTypes.parse(raw) }
        let now = core.clock.now()
        let code = config.fixedCode ?? Secrets.numericCode(length: config.codeLength)
        let (body, sent) = try core.update { state -> (JSONValue, SentCode?) in
            var flow = try FlowResolver.resolve(presented, clientId: clientId, in: state, now: now)
            guard [.awaitingChallenge, .awaitingCode, .awaitingPassword].contains(flow.stage) else {
                throw ProtocolError.invalidContinuationToken("it is for another step of the flow.")
            }
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            let types = requestedTypes ?? flow.challengeTypes
            let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
            defer { state.flows[flow.id] = flow }
            switch user.method {
            case .otp where types.contains("oob"):
                flow.stage = .awaitingCode
                flow.codeHash = Self.codeDigest(code, flowId: flow.id)
                flow.codeExpiresAt = now + config.codeLifetime
                state.recordSentCode(
                    SentCodeRecord(code: code, flowId: flow.id, sentAt: now, expiresAt: now + config.codeLifetime),
                    userKey: flow.userKey)
                let masked = EmailMasking.mask(user.username)
                let sent = SentCode(username: user.username, maskedTarget: masked, code: code,
                                    expiresAt: Date(timeIntervalSince1970: now + config.codeLifetime))
                return (.object([
                    ("continuation_token", .string(next)),
                    ("challenge_type", "oob"),
                    ("binding_method", "prompt"),
                    ("challenge_channel", "email"),
                    ("challenge_target_label", .string(masked)),
                    ("code_length", .int(code.count)),
                ]), sent)
            case .password where types.contains("password"):
                flow.stage = .awaitingPassword
                flow.codeHash = nil
                flow.codeExpiresAt = nil
                return (.object([("continuation_token", .string(next)), ("challenge_type", "password")]), nil)
            default:
                flow.stage = .redirected
                let method = user.method == .otp ? "email one-time passcode ('oob')" : "email with password ('password')"
                return (.object([
                    ("challenge_type", "redirect"),
                    ("redirect_reason", .string("The user signs in with \(method), which is not in the client's challenge_type list.")),
                ]), nil)
            }
        }
        if let sent {
            config.onCodeSent(sent)
        }
        return body
    }

    /// What the server stores for a code: bound to its flow.
    static func codeDigest(_ code: String, flowId: String) -> String {
        Secrets.sha256Hex(flowId + ":" + code)
    }
}

/// Finds the flow a continuation token belongs to and checks that the token is its current one.
enum FlowResolver {
    /// `kind` is the kind of flow the endpoint serves; nil accepts any (the `continuation_token` grant).
    static func resolve(
        _ token: String, clientId: String, kind: FlowRecord.Kind? = .signIn, in state: EmulatorState, now: Double
    ) throws(ProtocolError) -> FlowRecord {
        guard let flowId = ContinuationToken.flowId(of: token), let flow = state.flows[flowId] else {
            // A flow is forgotten when its token expires; the token still says it expired.
            if let expiry = ContinuationToken.expiry(of: token), expiry <= now { throw ProtocolError.expiredContinuationToken }
            throw ProtocolError.invalidContinuationToken("it is unknown or malformed.")
        }
        guard flow.clientId == clientId else {
            throw ProtocolError.invalidContinuationToken("it was issued to another client.")
        }
        guard Secrets.constantTimeEquals(ContinuationToken.digest(token), flow.tokenHash) else {
            throw ProtocolError.invalidContinuationToken("it was superseded or already used; send the most recent continuation_token.")
        }
        if let kind, flow.flowKind != kind {
            throw ProtocolError.invalidContinuationToken("it belongs to a \(flow.flowKind.name) flow, not a \(kind.name).")
        }
        switch flow.stage {
        case .completed:
            throw ProtocolError.invalidContinuationToken("the flow it belongs to already completed; it cannot be used again.")
        case .redirected:
            throw ProtocolError.invalidContinuationToken("the flow it belongs to ended with a redirect to the browser.")
        case .locked:
            throw ProtocolError.invalidContinuationToken("the flow it belongs to ended after too many wrong codes or passwords; start a new one.")
        case .awaitingChallenge, .awaitingCode, .awaitingPassword, .awaitingCredential, .awaitingAttributes,
             .awaitingNewPassword, .awaitingCompletion, .readyForSignIn, .mfaIntrospect, .mfaChallenge, .mfaCode,
             .registrationIntrospect, .registrationChallenge, .registrationCode, .registrationPreverified:
            break
        }
        guard now < flow.tokenExpiresAt else { throw ProtocolError.expiredContinuationToken }
        return flow
    }
}
