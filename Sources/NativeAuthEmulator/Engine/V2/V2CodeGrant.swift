import Foundation

/// `/oauth2/v2.0/token`'s `authorization_code` grant for a code of `authorize-challenge`
/// (``V2EntryService``): as the sources show V2's, without PKCE or `redirect_uri`. The code is single
/// use (again: 54005), expires (70008), and belongs to its journey's client (70000 for another);
/// `scope` is optional (default `openid offline_access`). The answer is V1's token answer, and a
/// claims request's contexts are honoured as by the native grants: one tied to a second factor the
/// journey did not prove is refused with 50076, the code left unspent.
struct V2CodeGrant: Sendable {
    let core: EmulatorCore

    /// The scopes of a request that sends none.
    static let defaultScope = "openid offline_access"

    /// Whether `code` is shaped like a code of `authorize-challenge` (the browser's codes are not).
    static func isV2Code(_ code: String?) -> Bool {
        code.flatMap(ContinuationToken.flowId(of:)) != nil
    }

    func redeem(_ form: FormBody, clientId: String, clientInfo: Bool, contextDemands: Bool) throws -> TokenGrant {
        let code = try RequestValidation.required("code", in: form)
        let scopes = try ScopeRequest(parsing: form.nonEmpty("scope") ?? Self.defaultScope)
        let now = core.clock.now()
        let refreshToken = scopes.wantsRefreshToken ? Secrets.opaqueToken(byteCount: 48) : nil
        let config = core.configuration
        let user = try core.update { state -> UserRecord in
            guard let flowId = ContinuationToken.flowId(of: code), var flow = state.flows[flowId], flow.api == .v2,
                  Secrets.constantTimeEquals(ContinuationToken.digest(code), flow.tokenHash)
            else {
                // A journey is forgotten when its code expires; the code still says it expired.
                if let expiry = ContinuationToken.expiry(of: code), expiry <= now { throw ProtocolError.authorizationCodeExpired }
                throw ProtocolError.unknownAuthorizationCode
            }
            guard flow.clientId == clientId else { throw ProtocolError.authorizationCodeOfAnotherClient }
            switch flow.stage {
            case .authorizationCode: break
            case .completed: throw ProtocolError.authorizationCodeRedeemed
            default: throw ProtocolError.unknownAuthorizationCode
            }
            guard now < flow.tokenExpiresAt else { throw ProtocolError.authorizationCodeExpired }
            guard let user = state.users[flow.userKey] else { throw ProtocolError.userNotFound }
            if contextDemands, flow.strongAuth?.satisfied != true { throw ProtocolError.strongAuthRequiredAtRefresh }
            state.completeSignIn(&flow, refreshToken: refreshToken, clientId: clientId, scopes: scopes.scopes, now: now, configuration: config)
            return user
        }
        return TokenGrant(user: user, clientId: clientId, scopes: scopes, refreshToken: refreshToken, clientInfo: clientInfo, issuedAt: now)
    }
}
