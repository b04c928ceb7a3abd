import Foundation

/// What every request that continues a flow carries: its client and the continuation token it
/// presents. Read in that order (`client_id` first), so a request missing both is told about the client.
struct ContinuationRequest: Sendable {
    /// The client the request names; nil for a V2 step, which names none (the journey's client is
    /// the one its entry token was issued to).
    let clientId: String?
    let token: String
    /// The API of the endpoint the token was presented to (nil: V1): a flow answers only its own API's.
    let api: FlowAPI?

    /// Reads and checks `client_id`, then reads `continuation_token`.
    init(_ form: FormBody, core: EmulatorCore) throws(ProtocolError) {
        try self.init(form, clientId: RequestValidation.clientId(form, core: core))
    }

    /// For a `/token` grant, whose `client_id` the token endpoint checked already.
    init(_ form: FormBody, clientId: String) throws(ProtocolError) {
        self.clientId = clientId
        token = try RequestValidation.required("continuation_token", in: form)
        api = nil
    }

    /// A V2 journey's step: the token alone (its name on the wire is `continuationToken` on the
    /// `/api/…` steps and `continuation_token` on `authorize-challenge`).
    init(v2Token token: String) {
        clientId = nil
        self.token = token
        api = .v2
    }
}

/// The one way an endpoint reaches the flow a continuation token names: resolve the token
/// (``FlowResolver``), check the flow's kind and stage, then act on it within one state change.
extension EmulatorCore {
    /// Runs `body` in a state change (``update(_:)``) on the flow `request`'s token names, at `now`
    /// (the emulator clock when nil), once the token is the flow's current one, of a flow of `kind`
    /// (nil: any kind), and the flow stands at one of `stages` (nil: any; the body checks), else
    /// throws `wrongStage` (by default sign-in's "another step" error). A sign-up flow must still have its sign-up in progress (checked before
    /// the stage).
    ///
    /// When `body` returns, the flow it changed is stored. When it throws, nothing of the flow is
    /// stored unless the body stored it (a wrong code counts even though the request fails).
    func updateFlow<Result>(
        _ request: ContinuationRequest, kind: FlowRecord.Kind?, stages: Set<FlowRecord.Stage>?,
        otherwise wrongStage: @autoclosure () -> ProtocolError = .anotherStep, now: Double? = nil,
        _ body: (inout FlowRecord, inout EmulatorState, Double) throws -> Result
    ) throws -> Result {
        let now = now ?? clock.now()
        return try update { state in
            var flow = try Self.flow(request, kind: kind, stages: stages, otherwise: wrongStage(), in: state, now: now)
            let result = try body(&flow, &state, now)
            state.flows[flow.id] = flow
            return result
        }
    }

    /// ``updateFlow(_:kind:stages:otherwise:now:_:)`` for an endpoint that may send a code: `body`
    /// gets a fresh code (the configured fixed code, if any) and answers with the code it sent, if
    /// any, which is handed to ``EmulatorConfiguration/onCodeSent`` once the change is made.
    func updateFlowSendingCode(
        _ request: ContinuationRequest, kind: FlowRecord.Kind?, stages: Set<FlowRecord.Stage>,
        otherwise wrongStage: @autoclosure () -> ProtocolError = .anotherStep,
        _ body: (inout FlowRecord, inout EmulatorState, Double, String) throws -> (any ProtocolAnswer, SentCode?)
    ) throws -> any ProtocolAnswer {
        let code = configuration.fixedCode ?? Secrets.numericCode(length: configuration.codeLength)
        let (answer, sent) = try updateFlow(request, kind: kind, stages: stages, otherwise: wrongStage()) { flow, state, now in
            try body(&flow, &state, now, code)
        }
        if let sent { configuration.onCodeSent(sent) }
        return answer
    }

    /// The flow `request` names, read without changing the state, with ``updateFlow(_:kind:stages:otherwise:now:_:)``'s
    /// checks: for the work done outside the state lock before the change (a slow password hash).
    func readFlow<Result>(
        _ request: ContinuationRequest, kind: FlowRecord.Kind?, stages: Set<FlowRecord.Stage>?,
        otherwise wrongStage: @autoclosure () -> ProtocolError = .anotherStep, now: Double,
        _ body: (FlowRecord, EmulatorState) throws -> Result
    ) throws -> Result {
        try store.read { state in
            try body(Self.flow(request, kind: kind, stages: stages, otherwise: wrongStage(), in: state, now: now), state)
        }
    }

    private static func flow(
        _ request: ContinuationRequest, kind: FlowRecord.Kind?, stages: Set<FlowRecord.Stage>?,
        otherwise wrongStage: @autoclosure () -> ProtocolError, in state: EmulatorState, now: Double
    ) throws(ProtocolError) -> FlowRecord {
        let flow = try FlowResolver.resolve(request.token, clientId: request.clientId, api: request.api, kind: kind, in: state, now: now)
        if kind == .signUp, flow.signUp == nil { throw ProtocolError.noSignUpInProgress }
        if let stages, !stages.contains(flow.stage) { throw wrongStage() }
        return flow
    }
}

extension ProtocolError {
    /// A token presented at an endpoint that its flow's stage does not take.
    static let anotherStep = invalidContinuationToken("it is for another step of the flow.")
}

/// Finds the flow a continuation token belongs to and checks that the token is its current one.
enum FlowResolver {
    /// `kind` is the kind of flow the endpoint serves; nil accepts any (the `continuation_token` grant).
    /// `clientId` is the client the request names (nil: a V2 step, which names none); `api` the API
    /// of the endpoint (nil: V1).
    static func resolve(
        _ token: String, clientId: String?, api: FlowAPI? = nil, kind: FlowRecord.Kind?, in state: EmulatorState, now: Double
    ) throws(ProtocolError) -> FlowRecord {
        guard let flowId = ContinuationToken.flowId(of: token), let flow = state.flows[flowId] else {
            // A flow is forgotten when its token expires; the token still says it expired.
            if let expiry = ContinuationToken.expiry(of: token), expiry <= now { throw ProtocolError.expiredContinuationToken }
            throw ProtocolError.invalidContinuationToken("it is unknown or malformed.")
        }
        if let clientId, flow.clientId != clientId {
            throw ProtocolError.invalidContinuationToken("it was issued to another client.")
        }
        guard Secrets.constantTimeEquals(ContinuationToken.digest(token), flow.tokenHash) else {
            throw ProtocolError.invalidContinuationToken("it was superseded or already used; send the most recent continuation_token.")
        }
        guard flow.api == api else {
            throw ProtocolError.invalidContinuationToken(
                "it belongs to a \(FlowAPI.name(of: flow.api)), and this endpoint serves the \(FlowAPI.name(of: api))s only.")
        }
        if let kind, flow.flowKind != kind {
            throw ProtocolError.invalidContinuationToken("it belongs to a \(flow.flowKind.name) flow, not a \(kind.name).")
        }
        switch flow.stage {
        case .completed, .authorizationCode:
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
