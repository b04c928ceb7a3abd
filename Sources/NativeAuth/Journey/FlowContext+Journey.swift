#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// A V2 journey's three kinds of request, written once for every feature (docs/PROTOCOL.md §18):
/// the entry, a link followed, and the completion. Every href is resolved on the configured
/// authority (``HrefResolver``) before anything is sent; a refused one fails with why, and nothing
/// is sent. Continuation tokens, codes and passwords go only to resolved hrefs; `client_id`, scopes
/// and claims only to the two OAuth endpoints.
extension FlowContext {
    /// Opens a journey: the authorization challenge (`client_id` alone) answers a continuation token
    /// and the entry links; the link `relation` (`sign_in`, `sign_up`, `reset_password`) is followed
    /// with `fields`, at `step`. `prefilled` is what a sign-up's start gave, for the attributes the
    /// server will ask for.
    func enterJourney(
        _ relation: String, _ fields: [(String, JSONValue)], step: JourneyStep, prefilled: [(String, JSONValue)] = []
    ) async -> (JourneyAnswer, FlowContext) {
        let reply = await environment.wire.postJourneyForm(.authorizeChallenge, [], sendsClientId: true, correlationId: correlationId,
                                                           as: HALResponse.self, entry: true)
        let context = with(correlationId: reply.correlationId)
        switch reply.outcome {
        case .rejected(let rejection):
            return (.failed(context.failure(rejection, at: JourneyStep.entry)), context)
        case .success(let entry):
            guard entry.continuationToken?.isEmpty == false else {
                return (.failed(JourneyAnswer.unfit("the authorization challenge answered no continuation token", in: context)), context)
            }
            return await context.follow(entry.link(relation), named: relation, from: JourneyPosition(entry, prefilled: prefilled), fields, step: step)
        }
    }

    /// Follows `href` (the link `relation` of the journey's latest answer, or of a method) from
    /// `position`: a JSON `method` request with the continuation token and `fields`, at `step`.
    ///
    /// - Parameters:
    ///   - sent: The prefilled names `fields` carries.
    ///   - fallbackHint: The chosen method's hint, for a code answer that names none.
    /// - Returns: What the answer asks for. A risk step (`action: riskverify`) is followed at once,
    ///   once (docs/PROTOCOL.md §21.5): it asks nothing of the user.
    func follow(
        _ href: String?, named relation: String, from position: JourneyPosition, method: String = "POST",
        _ fields: [(String, JSONValue)] = [], sent: Set<String> = [], fallbackHint: String? = nil, step: JourneyStep,
        followsRisk: Bool = true
    ) async -> (JourneyAnswer, FlowContext) {
        guard let href else {
            return (.failed(JourneyAnswer.unfit("the '\(position.answer.actionName)' answer has no '\(relation)' link", in: self)), self)
        }
        let url: URL
        switch HrefResolver(authority: environment.wire.authority).resolve(href) {
        case .failure(let refusal):
            environment.logger.warning("href refused", metadata: ["relation": "\(relation)", "reason": "\(refusal)",
                                                                  "correlation-id": "\(correlationId)"])
            let details = FlowErrorMapping.local(
                .general, "NativeAuth did not follow the server's '\(relation)' link: \(refusal). Nothing was sent.", correlationId: correlationId)
            return (.failed(StepFailure(details: details, handsBack: false)), self)
        case .success(let resolved):
            url = resolved
        }
        let body = [("continuationToken", JSONValue.string(position.continuationToken))] + fields
        let reply = await environment.wire.sendJSON(method, to: url, named: relation, body, correlationId: correlationId)
        let context = with(correlationId: reply.correlationId)
        switch reply.outcome {
        case .rejected(let rejection):
            return (.failed(context.failure(rejection, at: step)), context)
        case .success(let answer) where answer.action == .riskVerify && followsRisk:
            return await context.follow(answer.link("riskverify"), named: "riskverify", from: position.next(answer, sent: sent),
                                        fallbackHint: fallbackHint, step: step, followsRisk: false)
        case .success(let answer):
            return (JourneyAnswer(answer, from: position, sent: sent, fallbackHint: fallbackHint, context: context), context)
        }
    }

    /// Redeems a finished journey's continuation token (docs/PROTOCOL.md §25): the resume
    /// (`/oauth2/v2.0/authorize-challenge` with the token alone) answers an authorization code, which
    /// `/oauth2/v2.0/token` exchanges with the flow's scopes and claims; the account is stored as a
    /// V1 sign-in stores it. `resume` is the step of the resume (``JourneyStep/authorize`` right after
    /// the step that finished the journey, ``JourneyStep/signInAfterFlow`` from a sign-in-after state).
    func completeJourney(_ token: String, resume: JourneyStep) async -> (JourneyCompletion, FlowContext) {
        let resumed = await environment.wire.postJourneyForm(.authorizeChallenge, [("continuation_token", token)], sendsClientId: false,
                                                             correlationId: correlationId, as: AuthorizationCodeResponse.self)
        let context = with(correlationId: resumed.correlationId)
        let code: String
        switch resumed.outcome {
        case .rejected(let rejection): return (.failed(context.failure(rejection, at: resume)), context)
        case .success(let body): code = body.code
        }
        let exchanged = await environment.wire.postJourneyForm(.token, TokenGrant.journeyCode(code).fields(scopes: scopes, claims: claims),
                                                               sendsClientId: true, correlationId: context.correlationId, as: TokenResponse.self)
        let signedIn = context.with(correlationId: exchanged.correlationId)
        switch exchanged.outcome {
        case .rejected(let rejection):
            return (.failed(signedIn.failure(rejection, at: JourneyStep.token)), signedIn)
        case .success(let tokens):
            switch await TokenRedemption.store(tokens, username: signedIn.username, context: signedIn) {
            case .signedIn(let result): return (.signedIn(result), signedIn)
            case .failed(let details): return (.failed(StepFailure(details: details, handsBack: false)), signedIn)
            case .rejected(let rejection): return (.failed(signedIn.failure(rejection, at: JourneyStep.token)), signedIn)
            }
        }
    }
}

extension FlowContext {
    /// The account a step's `answer` leads to: `continue` is redeemed at once (the resume right
    /// after the step); a failure is the step's; any other answer does not fit `what` was sent.
    func signedIn(after answer: JourneyAnswer, what: String) async -> Result<NativeAuthUserAccountResult, StepFailure> {
        switch answer {
        case .completed(let position) where position.continuationToken.isEmpty:
            return .failure(JourneyAnswer.unfit("the journey finished without a continuation token to sign in with", in: self))
        case .completed(let position):
            switch await completeJourney(position.continuationToken, resume: .authorize).0 {
            case .signedIn(let result): return .success(result)
            case .failed(let failure): return .failure(failure)
            }
        case .failed(let failure):
            return .failure(failure)
        default:
            return .failure(JourneyAnswer.unfit("the answer to \(what) does not finish the sign-in", in: self))
        }
    }
}

/// What redeeming a finished journey came to.
enum JourneyCompletion: Sendable {
    /// Signed in; the account and its tokens are stored.
    case signedIn(NativeAuthUserAccountResult)
    /// The resume, the exchange or the storing failed (as ``JourneyStep``'s table, or the library, decided).
    case failed(StepFailure)
}
