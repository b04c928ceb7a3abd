#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Redeems a grant at `/oauth2/v2.0/token` for a flow and, on success, stores the account: the last
/// step of every flow that signs a user in. (The sign-in's grants go through `NativeRedemption`, in
/// `SignIn/`, which also answers the server's request for a second factor; the browser flows through
/// ``WebRedemption``, which checks the ID token first.)
enum TokenRedemption {
    /// What a redemption came to.
    enum Outcome: Sendable {
        /// Signed in; the account and its tokens are stored.
        case signedIn(NativeAuthUserAccountResult)
        /// The server did not issue tokens; the flow's error table says what that comes to.
        case rejected(WireRejection)
        /// Decided locally after the grant, and ending the flow: the tokens were refused (a browser
        /// flow's ID token) or could not be stored.
        case failed(NativeAuthErrorDetails)
    }

    /// Redeems `grant` with the flow's scopes and claims, and stores the account under the flow's
    /// username; returns the outcome and the context to go on with.
    static func redeem(_ grant: TokenGrant, context: FlowContext) async -> (outcome: Outcome, context: FlowContext) {
        let (reply, context) = await exchange(grant, context: context)
        switch reply {
        case .rejected(let rejection):
            return (.rejected(rejection), context)
        case .success(let tokens):
            return (await store(tokens, username: context.username, context: context), context)
        }
    }

    /// The request half of a redemption: the grant at `/token`, nothing stored. For flows
    /// that check the tokens before keeping them (the browser flows check the ID token).
    static func exchange(_ grant: TokenGrant, context: FlowContext) async -> (reply: WireOutcome<TokenResponse>, context: FlowContext) {
        let (reply, context) = await context.post(.token, grant.fields(scopes: context.scopes, claims: context.claims), as: TokenResponse.self)
        return (reply, context)
    }

    /// The storing half of a redemption: keeps the account of `tokens` as `username`. The names the ID
    /// token carries (`preferred_username`, `email`, `name`) are kept exactly as the server sent them,
    /// whatever characters they hold: a right-to-left mark is ordinary in a Hebrew or Arabic display
    /// name, and refusing a sign-in for the characters of a name would lock its owner out. Whoever
    /// shows a name makes it safe where it is shown (`nativeauth` replaces controls in its terminal
    /// output and escapes them in `--json`). Answers ``Outcome/signedIn(_:)`` or ``Outcome/failed(_:)``.
    static func store(_ tokens: TokenResponse, username: String, context: FlowContext) async -> Outcome {
        let environment = context.environment
        do {
            let result = try await AccountTokenManager(environment: environment).signedIn(tokens, username: username, requestedScopes: context.scopes)
            environment.logger.info("signed in", metadata: ["username": "\(LogMasking.username(username))",
                                                           "correlation-id": "\(context.correlationId)"])
            return .signedIn(result)
        } catch {
            return .failed(FlowErrorMapping.local(
                .tokenStore, "Signed in, but the tokens could not be stored: \(error)", correlationId: context.correlationId))
        }
    }
}
