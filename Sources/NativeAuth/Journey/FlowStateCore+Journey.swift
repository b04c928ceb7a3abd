/// A V2 state's steps on its own journey, written once for every feature.
extension FlowStateCore {
    /// Where this state's V2 journey stands. A V2 state always has one; a V1 core (which no V2 step is
    /// given) reads as an answer with no links, so a step on it fails with the link it misses.
    var journeyPosition: JourneyPosition {
        journey ?? JourneyPosition(HALResponse(continuationToken: continuationToken))
    }

    /// Follows the state's own `relation` link (`verify`, `activate`) with `value` as `field`, at `step`.
    func follow(_ relation: String, sending field: String, _ value: String, step: JourneyStep) async -> (JourneyAnswer, FlowContext) {
        let position = journeyPosition
        return await context.follow(position.answer.link(relation), named: relation, from: position, [(field, .string(value))], step: step)
    }

    /// Asks for a new code (``JourneyPosition/resendLink``): the state core the new code is submitted
    /// on and where it went, or the failure (as ``JourneyStep/resend``'s table says).
    func resendJourneyCode() async -> Result<(FlowStateCore, JourneyCode), StepFailure> {
        let position = journeyPosition
        let (answer, context) = await context.follow(position.resendLink, named: "resend", from: position, step: .resend)
        switch answer {
        case .codeSent(let next, let code): return .success((FlowStateCore(context: context, journey: next), code))
        case .failed(let failure): return .failure(failure)
        default: return .failure(JourneyAnswer.unfit("the server did not send a new code", in: context))
        }
    }
}
