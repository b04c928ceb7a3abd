#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last step of the browser and device-code flows: the grant at `/token`, the ID token's checks,
/// then the account stored as for a native sign-in (same store, same `NativeAuthUserAccountResult`).
enum WebRedemption {
    static func redeem(_ grant: TokenGrant, check: IDTokenCheck, fallbackUsername: String?, context: FlowContext)
        async -> (outcome: TokenRedemption.Outcome, context: FlowContext)
    {
        let (reply, context) = await TokenRedemption.exchange(grant, context: context)
        let tokens: TokenResponse
        switch reply {
        case .rejected(let rejection): return (.rejected(rejection), context)
        case .success(let body): tokens = body
        }
        switch check.username(of: tokens, fallback: fallbackUsername) {
        case .failure(let why):
            context.environment.logger.warning("ID token refused", metadata: ["reason": "\(why)", "correlation-id": "\(context.correlationId)"])
            return (.failed(FlowErrorMapping.local(
                .invalidIDToken, "The sign-in's tokens were refused and not stored: \(why).", correlationId: context.correlationId)), context)
        case .success(let username):
            return (await TokenRedemption.store(tokens, username: username, context: context), context)
        }
    }
}
