import Foundation
import NativeAuthShared

/// The `continuation_token` grant at `/oauth2/v2.0/token` (docs/PROTOCOL.md §6.3, §7.5): signs in
/// the user of any flow whose work is done and ends in a sign-in (a completed sign-up, a password
/// reset, a strong-auth method registration), once, unless the user must prove or register a second
/// factor first (`StrongAuthGate`). `username`, when sent, must be that user's.
struct ContinuationGrant: Sendable {
    let core: EmulatorCore

    func redeem(_ form: FormBody, clientId: String, clientInfo: Bool, contextDemands: Bool = false) throws -> TokenGrant {
        let config = core.configuration
        let request = try ContinuationRequest(form, clientId: clientId)
        let scopes = try ScopeRequest(parsing: RequestValidation.required("scope", in: form))
        let username = form.nonEmpty("username")
        let now = core.clock.now()
        let refreshToken = scopes.wantsRefreshToken ? Secrets.opaqueToken(byteCount: 48) : nil
        let user = try core.updateFlow(
            request, kind: nil, stages: [.readyForSignIn],
            otherwise: .invalidContinuationToken(
                "the continuation_token grant needs the token that ends a completed sign-up or password reset; this one is for another step."),
            now: now
        ) { flow, state, now -> UserRecord in
            if let username, UserRecord.key(username) != flow.userKey {
                throw ProtocolError.invalidContinuationToken("it was issued for another username.")
            }
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            try StrongAuthGate.check(&flow, user: user, state: &state, now: now, configuration: config, contextDemands: contextDemands)
            state.completeSignIn(&flow, refreshToken: refreshToken, clientId: clientId, scopes: scopes.scopes, now: now,
                                 configuration: config)
            return user
        }
        return TokenGrant(user: user, clientId: clientId, scopes: scopes, refreshToken: refreshToken,
                          clientInfo: clientInfo, issuedAt: now)
    }
}
