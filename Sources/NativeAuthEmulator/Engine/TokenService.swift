import Foundation

/// `/oauth2/v2.0/token`: the `oob`, `password`, `continuation_token` and `refresh_token` grants
/// (docs/PROTOCOL.md §10), the second factor's `mfa_oob` (`MFAService`), the browser flows'
/// grants (`WebTokenGrants`), and API V2's `authorization_code` (`V2CodeGrant`). A first factor may
/// be answered with a strong authentication first (`StrongAuthGate`). A `claims` request names authentication contexts (``RequestedClaims``): the
/// access token carries them as `acrs`, and a context tied to a second factor asks for one
/// (``AuthenticationContext``).
struct TokenService: Sendable {
    let core: EmulatorCore

    private var config: EmulatorConfiguration { core.configuration }

    func token(_ form: FormBody) throws -> TokenAnswer {
        let clientId = try RequestValidation.clientId(form, core: core)
        let grantType = try RequestValidation.required("grant_type", in: form)
        let clientInfo = ["true", "1"].contains(form.nonEmpty("client_info")?.lowercased() ?? "")
        // The native grants and the refresh honour a claims request's authentication contexts.
        let claims = try RequestedClaims.parse(form)
        let demands = core.authenticationContexts.demandSecondFactor(claims?.acrs ?? [])
        var grant: TokenGrant
        // The browser's grants ignore a claims request; the native ones (V2's code too) honour it.
        var honoursClaims = true
        switch grantType {
        case "oob":
            grant = try credentialGrant(form, clientId: clientId, clientInfo: clientInfo, secretField: "oob", contextDemands: demands)
        case "password":
            grant = try credentialGrant(form, clientId: clientId, clientInfo: clientInfo, secretField: "password", contextDemands: demands)
        case "mfa_oob":
            grant = try MFAService(core: core).redeem(form, clientId: clientId, clientInfo: clientInfo)
        case "continuation_token":
            grant = try ContinuationGrant(core: core).redeem(form, clientId: clientId, clientInfo: clientInfo, contextDemands: demands)
        case "refresh_token":
            grant = try refreshGrant(form, clientId: clientId, clientInfo: clientInfo, needsSecondFactor: demands)
        case "authorization_code" where V2CodeGrant.isV2Code(form.nonEmpty("code")):
            grant = try V2CodeGrant(core: core).redeem(form, clientId: clientId, clientInfo: clientInfo, contextDemands: demands)
        case "authorization_code":
            grant = try WebTokenGrants(core: core).authorizationCode(form, clientId: clientId, clientInfo: clientInfo)
            honoursClaims = false
        case WebTokenGrants.deviceCodeGrantType:
            grant = try WebTokenGrants(core: core).deviceCode(form, clientId: clientId, clientInfo: clientInfo)
            honoursClaims = false
        default:
            throw ProtocolError.unsupportedGrantType(grantType)
        }
        if honoursClaims {
            grant.acrs = claims?.acrs ?? []
        }
        // Whatever the grant (V1's, V2's code, a reset's or sign-up's continuation, the browser's, a
        // refresh, a flow started before the account was disabled): no token for a disabled account.
        if grant.user.disabled == true { throw ProtocolError.userDisabled }
        return try TokenIssuer(core: core).response(for: grant)
    }

    /// `oob` and `password`: check the secret against the flow, then issue tokens.
    private func credentialGrant(_ form: FormBody, clientId: String, clientInfo: Bool, secretField: String,
                                 contextDemands: Bool) throws -> TokenGrant {
        let request = try ContinuationRequest(form, clientId: clientId)
        guard let secret = form[secretField], !secret.isEmpty else { throw ProtocolError.missingParameter(secretField) }
        let scopes = try ScopeRequest(parsing: RequestValidation.required("scope", in: form))
        let now = core.clock.now()
        let refreshToken = scopes.wantsRefreshToken ? Secrets.opaqueToken(byteCount: 48) : nil
        let expected: FlowRecord.Stage = secretField == "oob" ? .awaitingCode : .awaitingPassword
        // A password is checked against its hash outside the state lock (PBKDF2 is slow by design).
        let passwordCheck = expected == .awaitingPassword
            ? try PasswordCheck.run(secret, request, core: core, now: now) : nil
        let wrongStep = ProtocolError.invalidContinuationToken(
            "it is for another step of the flow; the \(secretField) grant needs the token from a /challenge that asked for \(secretField == "oob" ? "a code" : "a password").")
        let credential: FirstFactor.Credential = expected == .awaitingCode ? .code(secret) : .password(passwordCheck)
        let user = try core.updateFlow(request, kind: .signIn, stages: [expected], otherwise: wrongStep, now: now) {
            flow, state, now -> UserRecord in
            let user = try FirstFactor.verify(credential, flow: &flow, state: &state, now: now, configuration: config)
            // A second factor still to prove keeps the count: it starts again only once the sign-in
            // is complete (else a known password would reset the limit on guessing second-factor codes).
            try StrongAuthGate.check(&flow, user: user, state: &state, now: now, configuration: config, contextDemands: contextDemands)
            GuessGuard.recordSuccess(&state, userKey: flow.userKey)
            state.completeSignIn(&flow, refreshToken: refreshToken, clientId: clientId, scopes: scopes.scopes, now: now,
                                 configuration: config)
            return user
        }
        return TokenGrant(user: user, clientId: clientId, scopes: scopes, refreshToken: refreshToken,
                          clientInfo: clientInfo, issuedAt: now)
    }

    /// Exchanges a refresh token for new tokens and rotates it (see ``RefreshRotation``).
    private func refreshGrant(_ form: FormBody, clientId: String, clientInfo: Bool, needsSecondFactor: Bool) throws -> TokenGrant {
        let presented = try RequestValidation.required("refresh_token", in: form)
        let requested = try form.nonEmpty("scope").map { raw throws(ProtocolError) in try ScopeRequest(parsing: raw) }
        let now = core.clock.now()
        let (user, scopes, next) = try core.update { state in
            try RefreshRotation.exchange(presented, clientId: clientId, requested: requested, in: &state, now: now, configuration: config,
                                         needsSecondFactor: needsSecondFactor)
        }
        return TokenGrant(user: user, clientId: clientId, scopes: scopes, refreshToken: next,
                          clientInfo: clientInfo, issuedAt: now)
    }
}
