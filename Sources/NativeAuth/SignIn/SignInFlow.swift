import Foundation

/// The sign-in flow: `/initiate`, `/challenge`, then a grant at `/token`.
///
/// Each step is written once and shared: the challenge serves both the start and a resend, and the
/// token grant serves a code, a password at the start and a password on its own state.
enum SignInFlow {
    // MARK: Start

    static func start(_ parameters: NativeAuthSignInParameters, environment: SignInEnvironment) async -> SignInStartResult {
        let username = parameters.username.trimmingCharacters(in: .whitespacesAndNewlines)
        let password = parameters.password
        var context = SignInContext(
            environment: environment, username: username,
            scopes: SignInEnvironment.scopes(parameters.scopes), correlationId: parameters.correlationId ?? UUID())
        let logger = environment.logger
        logger.info("sign-in starting", metadata: ["username": "\(LogMasking.username(username))",
                                                   "correlation-id": "\(context.correlationId)"])
        guard !username.isEmpty else {
            return .error(SignInStartError(StepFailure.local(.invalidUsername, "The username is empty.", correlationId: context.correlationId)))
        }
        if let password, password.isEmpty {
            return .error(SignInStartError(StepFailure.local(.invalidCredentials, "The password is empty.", correlationId: context.correlationId)))
        }

        var fields = [("username", username), ("challenge_type", environment.challengeTypes.wireValue)]
        if let capabilities = environment.capabilities.wireValue { fields.append(("capabilities", capabilities)) }
        let initiate = await environment.wire.post(.signInInitiate, fields, correlationId: context.correlationId, as: InitiateResponse.self)
        context = context.with(correlationId: initiate.correlationId)
        guard case .success(let started) = initiate.outcome else {
            return .error(SignInStartError(StepFailure.details(initiate.outcome, step: .initiate, correlationId: context.correlationId)))
        }

        let challenge = await challenge(context: context, continuationToken: started.continuationToken, step: .challenge)
        context = challenge.context
        switch challenge.outcome {
        case .failed(let details):
            return .error(SignInStartError(details))
        case .code(let token, let sentTo, let channel, let length):
            if password != nil {
                logger.warning("the server asked for a code although a password was given; the password is not used")
            }
            return .codeRequired(newState: SignInCodeRequiredState(context: context, continuationToken: token),
                                 sentTo: sentTo, channelTargetType: channel, codeLength: length)
        case .password(let token):
            guard let password else {
                return .passwordRequired(newState: SignInPasswordRequiredState(context: context, continuationToken: token))
            }
            switch await redeem(passwordGrant(password, username: username, continuationToken: token), step: .passwordGrant, context: context) {
            case .completed(let result): return .completed(result)
            case .failed(let details): return .error(SignInStartError(details))
            }
        }
    }

    // MARK: Steps on states

    static func submitCode(_ code: String, on state: SignInCodeRequiredState) async -> (SignInVerifyCodeResult, Bool) {
        let code = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !code.isEmpty else {
            let details = StepFailure.local(.invalidCode, "The code is empty.", correlationId: state.correlationId)
            return (.error(VerifyCodeError(details), newState: state), true)
        }
        let fields = [("continuation_token", state.continuationToken), ("grant_type", "oob"), ("oob", code)]
        switch await redeem(fields, step: .oobGrant, context: state.context) {
        case .completed(let result):
            return (.completed(result), false)
        case .failed(let details):
            let retry = details.kind == .invalidCode || details.kind == .unavailable
            return (.error(VerifyCodeError(details), newState: retry ? state : nil), retry)
        }
    }

    static func resendCode(on state: SignInCodeRequiredState) async -> (SignInResendCodeResult, Bool) {
        let challenge = await challenge(context: state.context, continuationToken: state.continuationToken, step: .resend)
        switch challenge.outcome {
        case .code(let token, let sentTo, let channel, let length):
            let next = SignInCodeRequiredState(context: challenge.context, continuationToken: token)
            return (.codeRequired(newState: next, sentTo: sentTo, channelTargetType: channel, codeLength: length), false)
        case .password:
            let details = StepFailure.local(.serverError, "The server asked for a password instead of sending a new code.",
                                            correlationId: challenge.context.correlationId)
            return (.error(ResendCodeError(details), newState: nil), false)
        case .failed(let details):
            let retry = details.kind == .unavailable
            return (.error(ResendCodeError(details), newState: retry ? state : nil), retry)
        }
    }

    static func submitPassword(_ password: String, on state: SignInPasswordRequiredState) async -> (SignInPasswordRequiredResult, Bool) {
        guard !password.isEmpty else {
            let details = StepFailure.local(.invalidPassword, "The password is empty.", correlationId: state.correlationId)
            return (.error(PasswordRequiredError(details), newState: state), true)
        }
        let fields = passwordGrant(password, username: state.context.username, continuationToken: state.continuationToken)
        switch await redeem(fields, step: .passwordGrant, context: state.context) {
        case .completed(let result):
            return (.completed(result), false)
        case .failed(var details):
            if details.kind == .invalidCredentials {
                details = NativeAuthErrorDetails(.invalidPassword, message: "The password is wrong.",
                                                 correlationId: details.correlationId, serverError: details.serverError)
            }
            let retry = details.kind == .invalidPassword || details.kind == .unavailable
            return (.error(PasswordRequiredError(details), newState: retry ? state : nil), retry)
        }
    }

    static func alreadyUsed(_ context: SignInContext) -> NativeAuthErrorDetails {
        StepFailure.local(
            .stateAlreadyUsed,
            "This sign-in state was already used (or is in use by another call); continue with the state the last call returned. Nothing was sent.",
            correlationId: context.correlationId)
    }

    // MARK: Shared steps

    private enum ChallengeOutcome {
        case code(continuationToken: String, sentTo: String, channel: NativeAuthChannelType, codeLength: Int)
        case password(continuationToken: String)
        case failed(NativeAuthErrorDetails)
    }

    /// `/challenge`: asks the server how this user signs in (and sends a code when that is the way).
    private static func challenge(
        context: SignInContext, continuationToken: String, step: StepFailure.Step
    ) async -> (outcome: ChallengeOutcome, context: SignInContext) {
        let environment = context.environment
        let reply = await environment.wire.post(
            .signInChallenge,
            [("continuation_token", continuationToken), ("challenge_type", environment.challengeTypes.wireValue)],
            correlationId: context.correlationId, as: ChallengeResponse.self)
        let context = context.with(correlationId: reply.correlationId)
        guard case .success(let challenge) = reply.outcome else {
            return (.failed(StepFailure.details(reply.outcome, step: step, correlationId: context.correlationId)), context)
        }
        switch challenge.challengeType {
        case "oob":
            guard let sentTo = challenge.challengeTargetLabel, let length = challenge.codeLength else {
                let failure = WireFailure(kind: .undecodableBody(status: 200, detail: "a code challenge without challenge_target_label or code_length"))
                return (.failed(StepFailure.details(WireOutcome<ChallengeResponse>.failure(failure), step: step, correlationId: context.correlationId)), context)
            }
            let channel = NativeAuthChannelType(value: challenge.challengeChannel ?? "email")
            return (.code(continuationToken: challenge.continuationToken, sentTo: sentTo, channel: channel, codeLength: length), context)
        case "password":
            return (.password(continuationToken: challenge.continuationToken), context)
        default:
            let failure = WireFailure(kind: .undecodableBody(status: 200, detail: "unsupported challenge_type '\(challenge.challengeType)'"))
            return (.failed(StepFailure.details(WireOutcome<ChallengeResponse>.failure(failure), step: step, correlationId: context.correlationId)), context)
        }
    }

    private static func passwordGrant(_ password: String, username: String, continuationToken: String) -> [(String, String)] {
        [("continuation_token", continuationToken), ("grant_type", "password"), ("username", username), ("password", password)]
    }

    private enum RedeemOutcome {
        case completed(NativeAuthUserAccountResult)
        case failed(NativeAuthErrorDetails)
    }

    /// `/token` with a native-auth grant: on success the account and its tokens are stored.
    private static func redeem(_ grant: [(String, String)], step: StepFailure.Step, context: SignInContext) async -> RedeemOutcome {
        let environment = context.environment
        let fields = grant + [("scope", context.scopes.joined(separator: " ")), ("client_info", "true")]
        let reply = await environment.wire.post(.token, fields, correlationId: context.correlationId, as: TokenResponse.self)
        guard case .success(let tokens) = reply.outcome else {
            return .failed(StepFailure.details(reply.outcome, step: step, correlationId: reply.correlationId))
        }
        do {
            let result = try environment.accounts.signedIn(tokens, username: context.username)
            environment.logger.info("signed in", metadata: ["username": "\(LogMasking.username(context.username))",
                                                           "correlation-id": "\(reply.correlationId)"])
            return .completed(result)
        } catch {
            return .failed(StepFailure.local(.tokenStore, "Signed in, but the tokens could not be stored: \(error)",
                                             correlationId: reply.correlationId))
        }
    }
}
