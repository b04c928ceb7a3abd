// libFuzzer target: the wire response decoding and classification, for every endpoint's body, with
// any status. Compiled into the NativeAuth module by fuzz/build.sh (so it reaches internal API).
//
// Input: byte 0 picks the status (200, 400, 401, a 3xx, 429, 5xx or any value), byte 1 the endpoint
// (initiate, challenge, token, introspect, or a 3xx whose Location is the body), the rest is the body.
import Foundation

private let statuses = [200, 400, 401, 301, 302, 307, 308, 429, 500, 503]

@_cdecl("LLVMFuzzerTestOneInput")
public func wireFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard bytes.count >= 2 else { return 0 }
    let status = Int(bytes[0]) < statuses.count * 20 ? statuses[Int(bytes[0]) % statuses.count] : Int(bytes[0]) + 100
    let body = Data(bytes.dropFirst(2))
    var headers = ["Content-Type": "application/json"]
    if (300...399).contains(status) { headers["Location"] = String(decoding: body, as: UTF8.self) }
    let response = HTTPResponse(status: status, headers: headers, body: body)
    switch bytes[1] % 4 {
    case 0:
        let outcome: WireOutcome<InitiateResponse> = WireClient.classify(response)
        _ = outcome.logSummary
        if case .rejected(let rejection) = outcome { describe(rejection) }
    case 1:
        let outcome: WireOutcome<ChallengeResponse> = WireClient.classify(response)
        _ = outcome.logSummary
        if case .rejected(let rejection) = ChallengeAnswer(outcome) { describe(rejection) }
    case 3:
        let outcome: WireOutcome<IntrospectResponse> = WireClient.classify(response)
        _ = outcome.logSummary
        if case .rejected(let rejection) = AuthMethodsAnswer(outcome) { describe(rejection) }
    default:
        let outcome: WireOutcome<TokenResponse> = WireClient.classify(response)
        _ = outcome.logSummary
        switch outcome {
        case .success(let tokens):
            _ = NativeAuthAccount.identifier(clientInfo: tokens.clientInfo, idToken: tokens.idToken, username: "user@example.com")
        case .rejected(let rejection):
            describe(rejection)
        }
    }
    return 0
}

/// Maps a rejection to the public errors of every step of every flow's error table, as the flows do.
private func describe(_ rejection: WireRejection) {
    let id = UUID()
    func everyStep<Table: ErrorTable & CaseIterable>(of _: Table.Type) {
        for step in Table.allCases { _ = FlowErrorMapping.failure(rejection, correlationId: id, at: step).details.message }
    }
    everyStep(of: SignInStep.self)
    everyStep(of: SignUpStep.self)
    everyStep(of: ResetPasswordStep.self)
    everyStep(of: MFAStep.self)
    everyStep(of: RegisterStrongAuthStep.self)
    everyStep(of: DeviceCodeStep.self)
    everyStep(of: BrowserStep.self)
    everyStep(of: RefreshStep.self)
    _ = StrongAuthRequirement.kind(of: rejection, capabilities: [.mfaRequired, .registrationRequired])
    if let server = rejection.serverError {
        _ = ErrorOutcome.strongAuthentication(server)
        _ = FlowErrorMapping.serverMessage(server)
    }
}
