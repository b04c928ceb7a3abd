import Foundation
import Logging

/// What every step of a sign-in needs: the wire client, the app's configuration and the account store.
struct SignInEnvironment: Sendable {
    let wire: WireClient
    let challengeTypes: NativeAuthChallengeTypes
    let capabilities: NativeAuthCapabilities
    let accounts: AccountTokenManager
    let logger: Logger

    /// The scopes sent on `/token`: the app's, then `openid profile offline_access`, without repeats.
    static func scopes(_ requested: [String]?) -> [String] {
        var result: [String] = []
        for scope in (requested ?? []) + ["openid", "profile", "offline_access"]
        where !scope.isEmpty && !result.contains(scope) {
            result.append(scope)
        }
        return result
    }
}

/// What a sign-in carries from step to step.
struct SignInContext: Sendable {
    let environment: SignInEnvironment
    let username: String
    let scopes: [String]
    let correlationId: UUID

    func with(correlationId: UUID) -> SignInContext {
        SignInContext(environment: environment, username: username, scopes: scopes, correlationId: correlationId)
    }
}
