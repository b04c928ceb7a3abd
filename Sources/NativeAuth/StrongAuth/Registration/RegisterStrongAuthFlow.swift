#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Strong-auth method registration after `registration_required` (docs/PROTOCOL.md §9.2):
/// `/register/v1.0/challenge` sends a code to the contact (or answers `preverified`),
/// `/register/v1.0/continue` takes the code (or, after `preverified`, the token alone), and the
/// `continuation_token` grant at `/oauth2/v2.0/token` signs the user in. The methods were listed
/// (`/register/v1.0/introspect`) by the grant that asked for them (``StrongAuthRequirement``). What
/// each failure comes to is ``RegisterStrongAuthStep``'s table.
enum RegisterStrongAuthFlow: RegisterStrongAuthSteps {
    /// Challenges the contact of `parameters`: the first time, or (`again`, the step `.resend`) again
    /// once a code was sent. A failure that leaves the token good is a `.retry` (the state called on
    /// decides which state hands the token back).
    static func challenge(
        _ parameters: NativeAuthChallengeAuthMethodParameters, on core: FlowStateCore, again: Bool
    ) async -> StepOutcome<RegisterStrongAuthChallengeResult, RegisterStrongAuthChallengeError> {
        let step: RegisterStrongAuthStep = again ? .resend : .challenge
        let contact = parameters.verificationContact.trimmed(.whitespacesAndNewlines)
        if let problem = contactProblem(contact) {
            return .retry(RegisterStrongAuthChallengeError(FlowErrorMapping.local(.invalidInput, problem, correlationId: core.correlationId)))
        }
        let method = parameters.authMethod
        let fields = [("continuation_token", core.continuationToken), ("challenge_type", method.challengeType),
                      ("challenge_target", contact), ("challenge_channel", method.channelTargetType.value)]
        let (outcome, answered) = await core.context.post(.registerChallenge, fields, as: ChallengeResponse.self)
        if case .success(let body) = outcome, body.challengeType == "preverified" {
            guard let token = body.continuationToken, !token.isEmpty else {
                return .advanced(.error(RegisterStrongAuthChallengeError(FlowErrorMapping.unexpectedAnswer(
                    "a preverified answer without a continuation_token", correlationId: answered.correlationId)), newState: nil))
            }
            switch await register(token: token, code: nil, context: answered) {
            case .signedIn(let result): return .advanced(.completed(result))
            case .refused(let failure):
                return .advanced(.error(RegisterStrongAuthChallengeError(failure.details), newState: nil))
            case .failed(let details):
                return .advanced(.error(RegisterStrongAuthChallengeError(details), newState: nil))
            }
        }
        return await ChallengeAnswer(outcome).resolve(
            in: answered, step: step,
            mismatch: "the server asked for a password instead of sending a code to the contact",
            code: { next, sentTo, channel, length in
                .advanced(.verificationRequired(RegisterStrongAuthVerificationRequiredResult(
                    newState: RegisterStrongAuthVerificationRequiredState(core: next), sentTo: sentTo, channelTargetType: channel, codeLength: length)))
            },
            failed: { .failed($0) })
    }

    /// Submits the code sent to the contact; then signs the user in.
    static func submit(_ code: String, on core: FlowStateCore)
        async -> StepOutcome<RegisterStrongAuthSubmitChallengeResult, RegisterStrongAuthSubmitChallengeError>
    {
        let checked = LocalInput.code(code)
        if let problem = checked.problem {
            return .retry(RegisterStrongAuthSubmitChallengeError(FlowErrorMapping.local(.invalidCode, problem, correlationId: core.correlationId)))
        }
        switch await register(token: core.continuationToken, code: checked.value, context: core.context) {
        case .signedIn(let result):
            return .advanced(.completed(result))
        case .refused(let failure):
            return .failed(failure)
        case .failed(let details):
            return .advanced(.error(RegisterStrongAuthSubmitChallengeError(details), newState: nil))
        }
    }

    // MARK: Shared steps

    private enum Registered {
        case signedIn(NativeAuthUserAccountResult)
        /// `/register/v1.0/continue` refused (the state's token may still be good).
        case refused(StepFailure)
        /// A failure after the method was registered, or an unusable answer: the flow is over.
        case failed(NativeAuthErrorDetails)
    }

    /// `/register/v1.0/continue` (`grant_type=oob` with the code, or `continuation_token` after
    /// `preverified`), then the `continuation_token` grant at `/token` (without `username`, as MSAL).
    private static func register(token: String, code: String?, context: FlowContext) async -> Registered {
        var fields = [("continuation_token", token), ("grant_type", (code == nil ? GrantType.continuationToken : .oob).rawValue)]
        if let code { fields.append(("oob", code)) }
        let (outcome, answered) = await context.post(.registerContinue, fields, as: ContinuationTokenResponse.self)
        let next: String
        switch outcome {
        case .rejected(let rejection):
            return .refused(answered.failure(rejection, at: RegisterStrongAuthStep.submit))
        case .success(let body):
            guard let token = body.continuationToken, !token.isEmpty else {
                return .failed(FlowErrorMapping.unexpectedAnswer("the registration's answer has no continuation_token",
                                                                 correlationId: answered.correlationId))
            }
            next = token
        }
        let grant = TokenGrant.continuationToken(next, username: nil, challengeTypes: answered.environment.challengeTypes)
        let (redeemed, signedIn) = await TokenRedemption.redeem(grant, context: answered)
        switch redeemed {
        case .signedIn(let result):
            return .signedIn(result)
        case .rejected(let rejection):
            let details = signedIn.failure(rejection, at: RegisterStrongAuthStep.signIn).details
            return .failed(details.with(message: "The method was registered, but the sign-in failed: \(details.message)"))
        case .failed(let details):
            return .failed(details)
        }
    }

    /// Why a contact cannot be sent, or nil.
    static func contactProblem(_ contact: String) -> String? {
        if contact.isEmpty { return "The verification contact is empty." }
        if contact.count > LocalInput.maximumUsernameLength {
            return "The verification contact is longer than \(LocalInput.maximumUsernameLength) characters."
        }
        return nil
    }
}

extension RegisterStrongAuthChallengeResult: FailableStepResult {}
extension RegisterStrongAuthSubmitChallengeResult: FailableStepResult {}
