#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The last step of the browser and device-code flows: the grant at `/token`, the ID token's checks,
/// then the account stored as for a native sign-in (same store, same `NativeAuthUserAccountResult`).
enum WebRedemption {
    enum Outcome: Sendable {
        case signedIn(NativeAuthUserAccountResult)
        /// The server did not issue tokens; the flow maps it with its own meaning of the errors.
        case rejected(WireRejection)
        /// Decided locally: the ID token was refused, or the store failed.
        case failed(NativeAuthErrorDetails)
    }

    static func redeem(_ grant: TokenGrant, check: IDTokenCheck, fallbackUsername: String?, context: FlowContext)
        async -> (outcome: Outcome, context: FlowContext)
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
                .web(.invalidIDToken), "The sign-in's tokens were refused and not stored: \(why).", correlationId: context.correlationId)), context)
        case .success(let username):
            switch TokenRedemption.store(tokens, username: username, context: context) {
            case .stored(let result): return (.signedIn(result), context)
            case .failed(let details): return (.failed(details), context)
            }
        }
    }
}
