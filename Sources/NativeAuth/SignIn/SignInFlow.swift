#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// The sign-in flow: `/initiate`, `/challenge`, then a grant at `/token` (``NativeRedemption``), on
/// the shared flow parts (``FlowContext``, ``ChallengeAnswer``, ``FlowErrorMapping``); what each
/// failure comes to is ``SignInStep``'s table.
///
/// The challenge serves both the start and a resend; the password grant serves a password given at
/// the start and one submitted on its own state.
enum SignInFlow: SignInSteps {
    // MARK: Start

    /// A sign-in's start as both APIs begin it: the flow's context (the username trimmed, the scopes
    /// merged with the OpenID ones), and the local checks, which send nothing.
    struct Prepared {
        let context: FlowContext
        let password: String?
    }

    static func prepare(_ parameters: NativeAuthSignInParameters, environment: ApplicationEnvironment) -> Result<Prepared, SignInStartError> {
        let values = parameters.snapshot
        let username = values.username.trimmed(.whitespacesAndNewlines)
        let context = FlowContext(
            environment: environment, username: username,
            scopes: RequestedScopes.merged(values.scopes), correlationId: values.correlationId ?? UUID(),
            claims: values.claimsRequest)
        environment.logger.info("sign-in starting", metadata: ["username": "\(LogMasking.username(username))",
                                                               "correlation-id": "\(context.correlationId)"])
        guard !username.isEmpty else {
            return .failure(SignInStartError(FlowErrorMapping.local(.invalidUsername, "The username is empty.", correlationId: context.correlationId)))
        }
        if let password = values.password, password.isEmpty {
            return .failure(SignInStartError(FlowErrorMapping.local(.invalidCredentials, "The password is empty.", correlationId: context.correlationId)))
        }
        return .success(Prepared(context: context, password: values.password))
    }

    static func start(_ parameters: NativeAuthSignInParameters, environment: ApplicationEnvironment) async -> SignInStartResult {
        var context: FlowContext
        let password: String?
        switch prepare(parameters, environment: environment) {
        case .failure(let error): return .error(error)
        case .success(let prepared): (context, password) = (prepared.context, prepared.password)
        }
        let username = context.username

        var fields = [("username", username), ("challenge_type", environment.challengeTypes.wireValue)]
        if let capabilities = environment.capabilities.wireValue { fields.append(("capabilities", capabilities)) }
        let initiate: WireOutcome<InitiateResponse>
        (initiate, context) = await context.post(.signInInitiate, fields)
        let started: InitiateResponse
        switch initiate {
        case .rejected(let rejection):
            return .error(SignInStartError(context.failure(rejection, at: SignInStep.initiate).details))
        case .success(let body):
            started = body
        }

        let answer: ChallengeAnswer
        (answer, context) = await context.challenge(.signInChallenge, continuationToken: started.continuationToken)
        return await answer.resolve(
            in: context, step: SignInStep.challenge, mismatch: "the server's challenge does not fit the sign-in",
            code: { core, sentTo, channel, length in
                if password != nil {
                    environment.logger.warning("the server asked for a code although a password was given; the password is not used")
                }
                return .codeRequired(newState: SignInCodeRequiredState(core: core), sentTo: sentTo, channelTargetType: channel, codeLength: length)
            },
            password: { core in
                guard let password else { return .passwordRequired(newState: SignInPasswordRequiredState(core: core)) }
                let grant = TokenGrant.password(password, username: username, continuationToken: core.continuationToken,
                                                challengeTypes: environment.challengeTypes)
                switch await NativeRedemption.redeem(grant, at: .passwordGrant, context: core.context) {
                case .signedIn(let result): return .completed(result)
                case .strongAuthRequired(let requirement): return requirement.result()
                case .failed(let failure): return .error(SignInStartError(failure.details))
                }
            },
            introspect: environment.capabilities.contains(.mfaRequired) ? { context, token in
                // `introspect_required`: no default second factor; list the methods to choose from.
                switch await StrongAuthRequirement.introspect(.signInIntrospect, continuationToken: token, context: context).0 {
                case .listed(let requirement): return requirement.result()
                case .failed(let details): return .error(SignInStartError(details))
                }
            } : nil,
            failed: { .error(SignInStartError($0.details)) })
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on core: FlowStateCore) async -> StepOutcome<SignInVerifyCodeResult, VerifyCodeError> {
        let code = code.trimmed(.whitespacesAndNewlines)
        guard !code.isEmpty else {
            return .retry(VerifyCodeError(FlowErrorMapping.local(.invalidCode, "The code is empty.", correlationId: core.correlationId)))
        }
        switch await NativeRedemption.redeem(.oob(code: code, continuationToken: core.continuationToken), at: .oobGrant, context: core.context) {
        case .signedIn(let result):
            return .advanced(.completed(result))
        case .strongAuthRequired(let requirement):
            return .advanced(requirement.result())
        case .failed(let failure):
            return .failed(failure)
        }
    }

    static func resendCode(on core: FlowStateCore) async -> StepOutcome<SignInResendCodeResult, ResendCodeError> {
        let (answer, context) = await core.context.challenge(.signInChallenge, continuationToken: core.continuationToken)
        return await answer.resolve(
            in: context, step: SignInStep.resend, mismatch: "the server asked for a password instead of sending a new code",
            code: { next, sentTo, channel, length in
                .advanced(.codeRequired(newState: SignInCodeRequiredState(core: next), sentTo: sentTo, channelTargetType: channel, codeLength: length))
            },
            failed: { .failed($0) })
    }

    static func submitPassword(_ password: String, on core: FlowStateCore) async -> StepOutcome<SignInPasswordRequiredResult, PasswordRequiredError> {
        guard !password.isEmpty else {
            return .retry(PasswordRequiredError(FlowErrorMapping.local(.invalidPassword, "The password is empty.", correlationId: core.correlationId)))
        }
        let grant = TokenGrant.password(password, username: core.context.username, continuationToken: core.continuationToken,
                                        challengeTypes: core.context.environment.challengeTypes)
        switch await NativeRedemption.redeem(grant, at: .submitPassword, context: core.context) {
        case .signedIn(let result):
            return .advanced(.completed(result))
        case .strongAuthRequired(let requirement):
            return .advanced(requirement.result())
        case .failed(let failure):
            return .failed(failure)
        }
    }
}

extension SignInFlow {
    /// The `continuation_token` grant that ends a sign-up or a password reset (docs/PROTOCOL.md §6.3,
    /// §7.5, §8).
    static func signInAfterFlow(_ token: String, context: FlowContext) async -> NativeRedemption.Outcome {
        let grant = TokenGrant.continuationToken(token, username: context.username, challengeTypes: context.environment.challengeTypes)
        return await NativeRedemption.redeem(grant, at: .continuationGrant, context: context)
    }
}

extension SignInVerifyCodeResult: FailableStepResult {}
extension SignInResendCodeResult: FailableStepResult {}
extension SignInPasswordRequiredResult: FailableStepResult {}
