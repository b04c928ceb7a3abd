import Foundation

/// Redeems a grant at `/oauth2/v2.0/token` for a flow and, on success, stores the account: the last
/// step of every flow that signs a user in. When the server wants a second factor first (and the app
/// advertised it can do it), it lists the methods and answers ``Outcome/strongAuthRequired(_:)``.
enum TokenRedemption {
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

    /// What keeping an account came to.
    enum Stored: Sendable {
        case stored(NativeAuthUserAccountResult)
        case failed(NativeAuthErrorDetails)
    }

    /// Redeems `grant` with the flow's scopes; returns the outcome and the context to go on with.
    static func redeem(_ grant: TokenGrant, context: FlowContext) async -> (outcome: Outcome, context: FlowContext) {
        let (reply, context) = await exchange(grant, context: context)
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
            switch store(tokens, username: context.username, context: context) {
            case .stored(let result): return (.signedIn(result), context)
            case .failed(let details): return (.failed(details), context)
            }
        }
    }

    /// The request half of ``redeem(_:context:)``: the grant at `/token`, nothing stored. For flows
    /// that check the tokens before keeping them (the browser flows check the ID token).
    static func exchange(_ grant: TokenGrant, context: FlowContext) async -> (reply: WireOutcome<TokenResponse>, context: FlowContext) {
        let (reply, context) = await context.post(.token, grant.fields(scopes: context.scopes), as: TokenResponse.self)
        return (reply, context)
    }

    /// The storing half of ``redeem(_:context:)``: keeps the account of `tokens` as `username`.
    static func store(_ tokens: TokenResponse, username: String, context: FlowContext) -> Stored {
        let environment = context.environment
        do {
            let result = try environment.accounts.signedIn(tokens, username: username, requestedScopes: context.scopes)
            environment.logger.info("signed in", metadata: ["username": "\(LogMasking.username(username))",
                                                           "correlation-id": "\(context.correlationId)"])
            return .stored(result)
        } catch {
            return .failed(FlowErrorMapping.local(
                .tokenStore, "Signed in, but the tokens could not be stored: \(error)", correlationId: context.correlationId))
        }
    }
}
