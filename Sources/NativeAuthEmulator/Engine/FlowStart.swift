import Foundation

/// What every flow's first request carries and makes: `/oauth2/v2.0/initiate`, `/signup/v1.0/start`
/// and `/resetpassword/v1.0/start` read the same fields, and each opens a flow record at
/// `awaitingChallenge` with its first continuation token.
struct FlowStart: Sendable {
    let clientId: String
    let challengeTypes: [String]
    let capabilities: [String]?
    let username: String
    let now: Double
    let flowId: String
    /// The flow's first continuation token (the record keeps only its digest).
    let token: String
    private let tokenExpiresAt: Double

    /// Reads the request's client, challenge types, capabilities and username (`requireAddress`: a
    /// username that is an email address, as sign-up needs), and mints the first token.
    init(_ form: FormBody, core: EmulatorCore, requireAddress: Bool = false) throws(ProtocolError) {
        clientId = try RequestValidation.clientId(form, core: core)
        challengeTypes = try ChallengeTypes.parse(RequestValidation.required("challenge_type", in: form))
        capabilities = try Capabilities.parse(form)
        guard let username = form.nonEmpty("username"), UsernameRules.isWellFormed(username),
              !requireAddress || username.contains("@")
        else { throw ProtocolError.invalidUsername }
        self.username = username
        now = core.clock.now()
        flowId = ContinuationToken.newFlowId()
        tokenExpiresAt = now + core.configuration.continuationTokenLifetime
        token = ContinuationToken.make(flowId: flowId, expiresAt: tokenExpiresAt)
    }

    /// The key of the user the request names.
    var userKey: String { UserRecord.key(username) }

    /// The flow's record, waiting for its first `/challenge`.
    func record(kind: FlowRecord.Kind, signUp: SignUpProgress? = nil) -> FlowRecord {
        FlowRecord(
            id: flowId, kind: kind, clientId: clientId, userKey: userKey, challengeTypes: challengeTypes,
            stage: .awaitingChallenge, tokenHash: ContinuationToken.digest(token),
            tokenExpiresAt: tokenExpiresAt, codeHash: nil, codeExpiresAt: nil, failedAttempts: 0,
            signUp: signUp, capabilities: capabilities)
    }

    /// The answer that hands the client its first token.
    var answer: ContinuationAnswer { ContinuationAnswer(continuationToken: token) }
}
