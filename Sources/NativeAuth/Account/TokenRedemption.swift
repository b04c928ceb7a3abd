#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Redeems a grant at `/oauth2/v2.0/token` for a flow and, on success, stores the account: the last
/// step of every flow that signs a user in. (A native flow goes through `NativeRedemption`, which
/// also answers the server's request for a second factor.)
enum TokenRedemption {

    /// What keeping an account came to.
    enum Stored: Sendable {
        case stored(NativeAuthUserAccountResult)
        case failed(NativeAuthErrorDetails)
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
    /// output and escapes them in `--json`).
    static func store(_ tokens: TokenResponse, username: String, context: FlowContext) -> Stored {
        let environment = context.environment
        do {
            let result = try AccountTokenManager(environment: environment).signedIn(tokens, username: username, requestedScopes: context.scopes)
            environment.logger.info("signed in", metadata: ["username": "\(LogMasking.username(username))",
                                                           "correlation-id": "\(context.correlationId)"])
            return .stored(result)
        } catch {
            return .failed(FlowErrorMapping.local(
                .tokenStore, "Signed in, but the tokens could not be stored: \(error)", correlationId: context.correlationId))
        }
    }
}
