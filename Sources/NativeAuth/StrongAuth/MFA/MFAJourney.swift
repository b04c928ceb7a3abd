import NativeAuthShared

/// The second factor over V2 (docs/PROTOCOL.md §22.1), behind the same states as ``MFAFlow``: the
/// chosen method's `challenge` link sends a code (after a risk step, for SMS), its `verify` link
/// takes it (`otp`), and `continue` is redeemed by the completion. The methods were listed by the
/// answer that asked for the second factor. What each failure comes to is ``JourneyStep``'s table.
enum MFAJourney: MFASteps {
    static func requestChallenge(_ method: AuthMethod, on core: FlowStateCore, again: Bool)
        async -> StepOutcome<MFARequestChallengeResult, MFARequestChallengeError>
    {
        let position = core.journeyPosition
        guard let listed = position.method(method) else {
            let details = FlowErrorMapping.local(
                .general, "The method '\(method.id.prefix(64))' is not one the server listed for the second factor; choose one of them. Nothing was sent.",
                correlationId: core.correlationId)
            return .retry(MFARequestChallengeError(details))
        }
        let (answer, context) = await core.context.follow(listed.links["challenge"], named: "challenge", from: position,
                                                          fallbackHint: listed.hint, step: again ? .mfaResend : .mfaChallenge)
        switch answer {
        case .codeSent(let next, let code):
            return .advanced(.verificationRequired(newState: MFARequiredState(core: FlowStateCore(context: context, journey: next)),
                                                   sentTo: code.sentTo, channelTargetType: code.channel, codeLength: code.codeLength))
        case .failed(let failure):
            return .failed(failure)
        default:
            return .advanced(.error(MFARequestChallengeError(JourneyAnswer.unfit(
                "the server did not send the second factor's code", in: context).details), newState: nil))
        }
    }

    static func submitChallenge(_ code: String, on core: FlowStateCore) async -> StepOutcome<MFASubmitChallengeResult, MFASubmitChallengeError> {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(MFASubmitChallengeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let (answer, context) = await core.follow("verify", sending: "otp", checked.value, step: .mfaVerify)
        switch await context.signedIn(after: answer, what: "the second factor's code") {
        case .success(let result): return .advanced(.completed(result))
        case .failure(let failure): return .failed(failure)
        }
    }
}
