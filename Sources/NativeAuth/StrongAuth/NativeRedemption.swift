#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Redeems a grant of a native flow at `/oauth2/v2.0/token` and, on success, stores the account
/// (``TokenRedemption``). When the server wants a second factor first (and the app advertised it can
/// do it), it lists the methods and answers ``Outcome/strongAuthRequired(_:)``.
enum NativeRedemption {
    enum Outcome: Sendable {
        /// Signed in; the account and its tokens are stored.
        case signedIn(NativeAuthUserAccountResult)
        /// The server did not issue tokens; the flow maps this with its own meaning of the errors.
        case rejected(WireRejection)
        /// The server wants a second factor, or its registration, first (docs/PROTOCOL.md §9).
        case strongAuthRequired(StrongAuthRequirement)
        /// Decided after the grant, and ending the flow: tokens were issued but could not be stored,
        /// or the second factors the server asked for could not be listed.
        case failed(NativeAuthErrorDetails)
    }

    /// Redeems `grant` with the flow's scopes; returns the outcome and the context to go on with.
    static func redeem(_ grant: TokenGrant, context: FlowContext) async -> (outcome: Outcome, context: FlowContext) {
        let (reply, context) = await TokenRedemption.exchange(grant, context: context)
        switch reply {
        case .rejected(let rejection):
            guard let (endpoint, token) = StrongAuthRequirement.kind(of: rejection, capabilities: context.environment.capabilities) else {
                return (.rejected(rejection), context)
            }
            let (listed, answered) = await StrongAuthRequirement.introspect(endpoint, continuationToken: token, context: context)
            switch listed {
            case .listed(let requirement): return (.strongAuthRequired(requirement), answered)
            case .failed(let details): return (.failed(details), answered)
            }
        case .success(let tokens):
            switch TokenRedemption.store(tokens, username: context.username, context: context) {
            case .stored(let result): return (.signedIn(result), context)
            case .failed(let details): return (.failed(details), context)
            }
        }
    }
}
