import Foundation
@testable import NativeAuth

/// One row of a step's table: a server answer (or a failure with no protocol error), the kind of
/// error the step makes of it, and whether the step hands its state back.
struct StepTableRow: CustomStringConvertible {
    enum Answer {
        case server(error: String, suberror: String? = nil, codes: [Int] = [], description: String? = nil)
        /// No usable answer: a 503.
        case unavailable
        /// The server's redirect to the browser.
        case redirect
        /// A success body that does not fit the step (decided locally, no protocol error).
        case unexpected
    }

    let answer: Answer
    let kind: ErrorKind
    let handsBack: Bool

    init(_ answer: Answer, _ kind: ErrorKind, handsBack: Bool) {
        self.answer = answer
        self.kind = kind
        self.handsBack = handsBack
    }

    /// The details the flow builds for this answer with `meaning`, as ``FlowContext/details(_:meaning:)`` does.
    func details(meaning: (ServerErrorResponse) -> ErrorMeaning) -> NativeAuthErrorDetails {
        let id = UUID()
        switch answer {
        case .server(let error, let suberror, let codes, let description):
            let body = ServerErrorResponse(error: ServerErrorCode(rawValue: error), suberror: suberror.map { ServerSubError(rawValue: $0) },
                                           errorDescription: description, errorCodes: codes)
            return FlowErrorMapping.details(.protocolError(body, status: 400), correlationId: id, meaning: meaning)
        case .unavailable:
            return FlowErrorMapping.details(.unavailable(WireFailure(kind: .unexpectedStatus(503))), correlationId: id, meaning: meaning)
        case .redirect:
            return FlowErrorMapping.details(.redirect(reason: nil), correlationId: id, meaning: meaning)
        case .unexpected:
            return FlowErrorMapping.unexpectedAnswer("an unknown challenge_type", correlationId: id)
        }
    }

    var description: String { "\(answer) → \(kind), hands back: \(handsBack)" }
}
