import Foundation
import NativeAuthShared

/// `/signup/v1.0/continue` (docs/PROTOCOL.md §7.3, §7.4): the code, the password or the attributes.
/// After each, the flow asks for what the account still lacks (`credential_required`, then
/// `attributes_required`) or creates the user and answers the continuation token that signs them in.
struct SignUpContinuation: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }
    private var policy: TenantPolicy { core.tenantPolicy }

    private enum Submission {
        case code(String), password(hash: String), attributes([String: JSONValue])
    }

    func proceed(_ form: FormBody) throws -> ContinuationAnswer {
        let request = try ContinuationRequest(form, core: core)
        let grantType = try RequestValidation.required("grant_type", in: form)
        // What can be checked without the flow is checked before the state lock (PBKDF2 above all).
        let submission: Submission
        switch grantType {
        case "oob":
            guard let code = form["oob"], !code.isEmpty else { throw ProtocolError.missingParameter("oob") }
            submission = .code(code)
        case "password":
            guard let password = form["password"], !password.isEmpty else { throw ProtocolError.missingParameter("password") }
            if let violation = policy.passwordPolicy.violation(of: password) { throw ProtocolError.passwordPolicy(violation) }
            submission = .password(hash: PasswordHasher.hash(password))
        case "attributes":
            guard form.nonEmpty("attributes") != nil else { throw ProtocolError.missingParameter("attributes") }
            // Once the address is verified, only required attributes are taken (docs/PROTOCOL.md §7.4).
            submission = .attributes(try SignUpAttributeCheck.accepted(form["attributes"], policy: policy, onlyRequired: true))
        default:
            throw ProtocolError.unsupportedSignUpGrant(grantType)
        }
        let (stage, wrongStep): (FlowRecord.Stage, ProtocolError) = switch submission {
        case .code: (.awaitingCode, Self.wrongStep("oob", wants: "a /signup/v1.0/challenge that sent a code"))
        case .password: (.awaitingPassword, Self.wrongStep("password", wants: "a /signup/v1.0/challenge that asked for the password"))
        case .attributes: (.awaitingAttributes, Self.wrongStep("attributes", wants: "an attributes_required answer"))
        }
        return try core.updateFlow(request, kind: .signUp, stages: [stage], otherwise: wrongStep) { flow, state, now in
            guard var progress = flow.signUp else { throw ProtocolError.noSignUpInProgress }
            switch submission {
            case .code(let code):
                try OneTimeCode.check(code, flow: &flow, state: &state, now: now, maxAttempts: config.maxCodeAttempts, lockedOut: .signUpLockedOut)
                progress.verified = true
            case .password(let hash):
                progress.passwordHash = hash
            case .attributes(let values):
                progress.attributes.merge(values) { _, new in new }
            }
            return try advance(&flow, progress, state: &state, now: now)
        }
    }

    /// Asks for what the account still lacks, or creates it. Every outcome issues the next token.
    private func advance(_ flow: inout FlowRecord, _ progress: SignUpProgress, state: inout EmulatorState, now: Double) throws -> ContinuationAnswer {
        let next = flow.rotateToken(now: now, lifetime: config.continuationTokenLifetime)
        defer { state.flows[flow.id] = flow }
        switch try Self.settle(&flow, progress, state: &state, policy: policy) {
        case .needsPassword: throw ProtocolError.credentialRequired(continuationToken: next)
        case .needsAttributes(let missing): throw ProtocolError.attributesRequired(missing, continuationToken: next)
        case .created: return ContinuationAnswer(continuationToken: next)
        }
    }

    /// What a sign-up with `progress` (its address verified) comes to.
    enum Settlement {
        /// A password account without a password: the flow waits at ``FlowRecord/Stage/awaitingCredential``.
        case needsPassword
        /// Required attributes not given yet: the flow waits at ``FlowRecord/Stage/awaitingAttributes``.
        case needsAttributes([UserAttributeRule])
        /// The user exists: the flow waits at ``FlowRecord/Stage/readyForSignIn``.
        case created
    }

    /// Puts `progress` on `flow` and settles it: the password first, then the required attributes,
    /// then the user is created (with the strong authentication the tenant gives new users). When
    /// another sign-up for the address finished first, the flow ends and `userAlreadyExists` is thrown.
    static func settle(_ flow: inout FlowRecord, _ progress: SignUpProgress, state: inout EmulatorState,
                       policy: TenantPolicy) throws -> Settlement {
        flow.signUp = progress
        if progress.method == .password, progress.passwordHash == nil {
            flow.stage = .awaitingCredential
            return .needsPassword
        }
        let missing = policy.attributes.filter { $0.required && progress.attributes[$0.name] == nil }
        if !missing.isEmpty {
            flow.stage = .awaitingAttributes
            return .needsAttributes(missing)
        }
        guard state.users[flow.userKey] == nil else {
            // Another sign-up for the address finished first.
            flow.stage = .completed
            flow.signUp = nil
            throw ProtocolError.userAlreadyExists
        }
        let local = String(progress.username.split(separator: "@").first ?? Substring(progress.username))
        let displayName: String = if case .string(let name)? = progress.attributes["displayName"] { name } else { local }
        // The tenant's requireMFA or newUserSecondFactor: a new password user's strong authentication.
        let mfa = policy.strongAuth(ofNewUser: progress.method, address: progress.username)
        state.users[flow.userKey] = UserRecord(
            id: UUID().uuidString.lowercased(), username: progress.username, displayName: displayName, method: progress.method,
            passwordHash: progress.passwordHash, attributes: progress.attributes.isEmpty ? nil : progress.attributes, mfa: mfa)
        flow.stage = .readyForSignIn
        flow.signUp = nil
        return .created
    }

    private static func wrongStep(_ grant: String, wants: String) -> ProtocolError {
        ProtocolError.invalidContinuationToken("it is for another step of the sign-up; the \(grant) grant needs the token from \(wants).")
    }
}
