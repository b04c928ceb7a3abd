/// `POST /{tenant}/oauth2/v2.0/authorize-challenge` (form, the flat OAuth envelope): V2's entry and
/// where a finished journey resumes (docs/EMULATOR.md "API V2").
///
/// - With `client_id` (`scope` and `claims` are taken and ignored: the sources send them only to
///   `/token`): the 401 `InsufficientAuthorization` answer, an entry token (``EntryToken``) and the
///   journeys' links, flat.
/// - With `continuation_token` (and nothing else needed): the token of a `state: continue` answer
///   is exchanged for an authorization code (`{"code"}`), single use, valid for
///   ``EmulatorConfiguration/authorizationCodeLifetime`` and only for the journey's client, which
///   `/token` redeems (``V2CodeGrant``). The code takes the place of the journey's token, so the
///   token cannot be used again.
struct V2EntryService: Sendable {
    let core: EmulatorCore

    func answer(_ form: FormBody, hrefs: V2Hrefs) throws -> any ProtocolAnswer {
        if form["continuation_token"] != nil { return try resume(form) }
        let clientId = try RequestValidation.clientId(form, core: core)
        let token = EntryToken.make(clientId: clientId, expiresAt: core.clock.now() + core.configuration.continuationTokenLifetime,
                                    key: core.entryTokenKey)
        throw ProtocolError.insufficientAuthorization(continuationToken: token, links: hrefs.journeys)
    }

    private func resume(_ form: FormBody) throws -> AuthorizationCodeAnswer {
        let request = ContinuationRequest(v2Token: try RequestValidation.required("continuation_token", in: form))
        let lifetime = core.configuration.authorizationCodeLifetime
        return try core.updateFlow(
            request, kind: nil, stages: [.readyForSignIn],
            otherwise: .invalidContinuationToken("its journey is not finished: authorize-challenge takes the token of a `state: continue` answer.")
        ) { flow, _, now in
            let expiresAt = now + lifetime
            let code = ContinuationToken.make(flowId: flow.id, expiresAt: expiresAt)
            flow.tokenHash = ContinuationToken.digest(code)
            flow.tokenExpiresAt = expiresAt
            flow.stage = .authorizationCode
            return AuthorizationCodeAnswer(code: code)
        }
    }
}
