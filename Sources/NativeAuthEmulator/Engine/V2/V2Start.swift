import Foundation

/// What a V2 journey's first step (`sign_in`, `sign_up`, `reset_password`) makes of the entry token:
/// the client it was issued to, and the journey's flow with its first continuation token (the flow
/// of V1's start, ``FlowStart``, marked V2).
struct V2Start: Sendable {
    let clientId: String
    let now: Double
    let flowId: String
    /// The journey's first continuation token of its own (the record keeps only its digest).
    let token: String
    private let tokenExpiresAt: Double

    /// Reads the entry token of `step`'s body.
    init(_ step: V2Step, core: EmulatorCore) throws(ProtocolError) {
        now = core.clock.now()
        clientId = try EntryToken.client(of: step.required(step.body.continuationToken, "continuationToken"), key: core.entryTokenKey, now: now)
        flowId = ContinuationToken.newFlowId()
        tokenExpiresAt = now + core.configuration.continuationTokenLifetime
        token = ContinuationToken.make(flowId: flowId, expiresAt: tokenExpiresAt)
    }

    /// The username of `step`'s body: well formed (an address when `requireAddress`), else `invalidUsername`.
    static func username(_ step: V2Step, requireAddress: Bool = false) throws(ProtocolError) -> String {
        let username = try step.required(step.body.username, "username")
        guard UsernameRules.isWellFormed(username), !requireAddress || username.contains("@") else { throw ProtocolError.invalidUsername }
        return username
    }

    /// The journey's flow, at `stage`.
    func record(kind: FlowRecord.Kind, userKey: String, stage: FlowRecord.Stage, signUp: SignUpProgress? = nil) -> FlowRecord {
        var flow = FlowRecord(
            id: flowId, kind: kind, clientId: clientId, userKey: userKey, challengeTypes: [], stage: stage,
            tokenHash: ContinuationToken.digest(token), tokenExpiresAt: tokenExpiresAt, codeHash: nil, codeExpiresAt: nil,
            failedAttempts: 0, signUp: signUp)
        flow.api = .v2
        return flow
    }
}
