import Foundation

/// The end of every grant that signs a user in (`oob`, `password`, `continuation_token`, `mfa_oob`,
/// and the browser's `authorization_code` and `device_code`): what the state keeps of it.
extension EmulatorState {
    /// Marks `flow` completed (it is forgotten when its token expires, and its code cannot be used
    /// again) and records `refreshToken`, the one the answer carries (nil when none was asked for).
    mutating func completeSignIn(_ flow: inout FlowRecord, refreshToken: String?, clientId: String, scopes: [String],
                                 now: Double, configuration: EmulatorConfiguration) {
        flow.stage = .completed
        flow.codeHash = nil
        flows[flow.id] = flow
        recordRefreshToken(refreshToken, userKey: flow.userKey, clientId: clientId, scopes: scopes, now: now,
                           configuration: configuration, secondFactor: flow.strongAuth?.satisfied == true)
    }

    /// Records a newly issued refresh token (by its digest; nil records nothing), valid for the
    /// configured lifetime.
    mutating func recordRefreshToken(_ token: String?, userKey: String, clientId: String, scopes: [String],
                                     now: Double, configuration: EmulatorConfiguration, secondFactor: Bool = false) {
        guard let token else { return }
        refreshTokens[ContinuationToken.digest(token)] = RefreshTokenRecord(
            userKey: userKey, clientId: clientId, scopes: scopes, issuedAt: now,
            expiresAt: now + configuration.refreshTokenLifetime, rotatedAt: nil, revoked: false,
            secondFactor: secondFactor ? true : nil)
    }
}
