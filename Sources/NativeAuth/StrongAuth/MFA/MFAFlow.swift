#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The MFA loop after `mfa_required` (docs/PROTOCOL.md §9.1): `/oauth2/v2.0/challenge` with the
/// chosen method's `id` sends a code, `/oauth2/v2.0/token` with `grant_type=mfa_oob` takes it. The
/// methods were listed (`/introspect`) by the grant that asked for them (``StrongAuthRequirement``).
/// What each failure comes to is ``MFAStep``'s table.
enum MFAFlow: MFASteps {
    /// Sends a code on `method`: the first challenge, or (`again`, the step `.resend`) another once a
    /// code was sent. A failure that leaves the token good is a `.retry` (the state called on decides
    /// which state hands the token back).
    static func requestChallenge(
        _ method: AuthMethod, on core: FlowStateCore, again: Bool
    ) async -> StepOutcome<MFARequestChallengeResult, MFARequestChallengeError> {
        let step: MFAStep = again ? .resend : .challenge
        let context = core.context
        // The app's challenge types, unchanged, as MSAL (`MSALNativeAuthSignInChallengeRequestParameters`):
        // an app without `oob` gets what the tenant decides, a redirect (docs/PROTOCOL.md §9.1).
        let types = context.environment.challengeTypes.wireValue
        let fields = [("continuation_token", core.continuationToken), ("challenge_type", types), ("id", method.id)]
        let (outcome, answered) = await context.post(.signInChallenge, fields, as: ChallengeResponse.self)
        return await ChallengeAnswer(outcome).resolve(
            in: answered, step: step,
            mismatch: "the server asked for a password instead of sending the second factor's code",
            code: { next, sentTo, channel, length in
                .advanced(.verificationRequired(newState: MFARequiredState(core: next), sentTo: sentTo, channelTargetType: channel, codeLength: length))
            },
            failed: { .failed($0) })
    }

    /// Redeems the code with the `mfa_oob` grant and stores the account.
    static func submitChallenge(_ code: String, on core: FlowStateCore) async -> StepOutcome<MFASubmitChallengeResult, MFASubmitChallengeError> {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(MFASubmitChallengeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        let grant = TokenGrant.mfaOOB(code: checked.value, continuationToken: core.continuationToken)
        let (outcome, answered) = await TokenRedemption.redeem(grant, context: core.context)
        switch outcome {
        case .signedIn(let result):
            return .advanced(.completed(result))
        case .failed(let details):
            return .advanced(.error(MFASubmitChallengeError(details), newState: nil))
        case .rejected(let rejection):
            return .failed(answered.failure(rejection, at: MFAStep.grant))
        }
    }
}

extension MFARequestChallengeResult: FailableStepResult {}
extension MFASubmitChallengeResult: FailableStepResult {}
