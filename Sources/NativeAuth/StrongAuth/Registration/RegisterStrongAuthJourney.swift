import NativeAuthShared

/// Strong-authentication method registration over V2 (docs/PROTOCOL.md §22.2), behind the same
/// states as ``RegisterStrongAuthFlow``: the chosen method's `enroll` link (or the answer's) takes
/// the contact (`target`); the server sends a code to it (`action: activate`) or, for a contact it
/// already trusts, answers `continue` at once; the `activate` link takes the code (`code`, not
/// `otp`), and `continue` is redeemed by the completion. What each failure comes to is
/// ``JourneyStep``'s table.
enum RegisterStrongAuthJourney: RegisterStrongAuthSteps {
    static func challenge(_ parameters: NativeAuthChallengeAuthMethodParameters, on core: FlowStateCore, again: Bool)
        async -> StepOutcome<RegisterStrongAuthChallengeResult, RegisterStrongAuthChallengeError>
    {
        let contact = parameters.verificationContact.trimmed(.whitespacesAndNewlines)
        if let problem = RegisterStrongAuthFlow.contactProblem(contact) {
            return .retry(RegisterStrongAuthChallengeError(FlowErrorMapping.local(.invalidInput, problem, correlationId: core.correlationId)))
        }
        let position = core.journeyPosition
        let listed = position.method(parameters.authMethod)
        let href = listed.flatMap { $0.links["enroll"] ?? $0.links["register"] } ?? position.enrollLink
        let (answer, context) = await core.context.follow(href, named: "enroll", from: position, [("target", .string(contact))],
                                                          fallbackHint: contact, step: again ? .enrollAgain : .enroll)
        switch answer {
        case .activationRequired(let next, let code):
            return .advanced(.verificationRequired(RegisterStrongAuthVerificationRequiredResult(
                newState: RegisterStrongAuthVerificationRequiredState(core: FlowStateCore(context: context, journey: next)),
                sentTo: code.sentTo, channelTargetType: code.channel, codeLength: code.codeLength)))
        case .completed:
            // A contact the server already trusts (V1's `preverified`): registered; the user signs in.
            switch await context.signedIn(after: answer, what: "the registration") {
            case .success(let result): return .advanced(.completed(result))
            case .failure(let failure): return .advanced(.error(RegisterStrongAuthChallengeError(failure.details), newState: nil))
            }
        case .failed(let failure):
            return .failed(failure)
        default:
            return .advanced(.error(RegisterStrongAuthChallengeError(JourneyAnswer.unfit(
                "the server did not send a code to the contact", in: context).details), newState: nil))
        }
    }

    static func submit(_ code: String, on core: FlowStateCore)
        async -> StepOutcome<RegisterStrongAuthSubmitChallengeResult, RegisterStrongAuthSubmitChallengeError>
    {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(RegisterStrongAuthSubmitChallengeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let (answer, context) = await core.follow("activate", sending: "code", checked.value, step: .activate)
        switch await context.signedIn(after: answer, what: "the registration's code") {
        case .success(let result): return .advanced(.completed(result))
        case .failure(let failure): return .failed(failure)
        }
    }
}
