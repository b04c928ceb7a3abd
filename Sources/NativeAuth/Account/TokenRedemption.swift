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

    /// The storing half of a redemption: keeps the account of `tokens` as `username`, unless the
    /// username or the ID token's names hold a control character
    /// (``IDTokenCheck/controlCharacters(in:username:)``): then nothing is stored and the error is
    /// ``NativeAuthErrorCode/invalidIDToken``.
    static func store(_ tokens: TokenResponse, username: String, context: FlowContext) -> Stored {
        let environment = context.environment
        if let why = IDTokenCheck.controlCharacters(in: tokens, username: username) {
            environment.logger.warning("ID token refused", metadata: ["reason": "\(why)", "correlation-id": "\(context.correlationId)"])
            return .failed(FlowErrorMapping.local(
                .web(.invalidIDToken), "The sign-in's tokens were refused and not stored: \(why).", correlationId: context.correlationId))
        }
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
