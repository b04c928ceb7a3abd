#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The sign-in's redemption: a grant of the sign-in (a code, a password, the continuation token that
/// ends a sign-up or a password reset) at `/oauth2/v2.0/token`, the account stored on success
/// (``TokenRedemption``). When the server wants a second factor first and the app advertised it can
/// do it, the methods are listed and the answer is ``Outcome/strongAuthRequired(_:)``
/// (``StrongAuthRequirement``); any other refusal fails as ``SignInStep``'s table says.
enum NativeRedemption {
    enum Outcome: Sendable {
        /// Signed in; the account and its tokens are stored.
        case signedIn(NativeAuthUserAccountResult)
        /// The server wants a second factor, or its registration, first (docs/PROTOCOL.md §9).
        case strongAuthRequired(StrongAuthRequirement)
        /// The grant failed. Handed back only when the `/token` call itself failed in a way that
        /// leaves the state's token good; never for a failure after it (storing, or listing the second
        /// factors), which ends the flow.
        case failed(StepFailure)
    }

    /// Redeems `grant` at `step` with the flow's scopes and claims.
    static func redeem(_ grant: TokenGrant, at step: SignInStep, context: FlowContext) async -> Outcome {
        let (redeemed, context) = await TokenRedemption.redeem(grant, context: context)
        switch redeemed {
        case .signedIn(let result):
            return .signedIn(result)
        case .failed(let details):
            return .failed(StepFailure(details: details, handsBack: false))
        case .rejected(let rejection):
            guard let (endpoint, token) = StrongAuthRequirement.kind(of: rejection, capabilities: context.environment.capabilities) else {
                return .failed(context.failure(rejection, at: step))
            }
            switch await StrongAuthRequirement.introspect(endpoint, continuationToken: token, context: context).0 {
            case .listed(let requirement): return .strongAuthRequired(requirement)
            case .failed(let details): return .failed(StepFailure(details: details, handsBack: false))
            }
        }
    }
}
