import Foundation
import Hummingbird
import NativeAuthShared

/// Serves the emulator's pages: the authorize page (authorization code + PKCE) and the device-code
/// verification page, each on GET and POST. The middlewares before them check the tenant, log the
/// request and show a protocol error as an error page (``ErrorPageMiddleware``).
struct WebRoutes: Sendable {
    let core: EmulatorCore

    /// Adds the pages to `router`.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        for page in WebPage.allCases {
            let path = RouterPath("/:tenant/" + page.path)
            router.get(path) { request, context in
                try show(page, query: request.uri.query ?? "", action: action(page, context), context: context)
            }
            router.post(path) { request, context in
                try submit(page, form: try await FormReader.read(request, context: context), action: action(page, context),
                           context: context)
            }
        }
    }

    /// Where the page's forms post to: its own path under the request's tenant.
    private func action(_ page: WebPage, _ context: some EmulatorRequestContext) -> String {
        page.path(tenant: context.parameters.get("tenant") ?? core.tenantDomain)
    }

    /// A GET: the page's first step.
    func show(_ page: WebPage, query: String, action: String, context: some EmulatorRequestContext) throws -> WebReply {
        switch page {
        case .authorize: try authorize(query: query, action: action, clientRequestId: context.exchange.clientRequestId)
        case .deviceVerification: .page(try PageFlow(core: core, action: action).start(.device(deviceCodeKey: nil), step: .userCode))
        }
    }

    /// A POST: the answer to one of the page's steps.
    func submit(_ page: WebPage, form: FormBody, action: String, context: some EmulatorRequestContext) throws -> WebReply {
        switch page {
        case .authorize: try authorizeStep(form, action: action, clientRequestId: context.exchange.clientRequestId)
        case .deviceVerification: try deviceStep(form, action: action)
        }
    }

    // MARK: Authorize

    private func authorize(query: String, action: String, clientRequestId: String) throws -> WebReply {
        let request: AuthorizeRequest, prompt: String?
        do {
            (request, prompt) = try AuthorizeRequestParser.parse(query, core: core)
        } catch {
            switch error {
            case .page(let protocolError):
                throw protocolError
            case .redirect(let protocolError, let redirectUri, let state):
                if (try? FormBody(parsing: Array(query.utf8)))?["response_mode"] == FormPostPage.mode {
                    return FormPostPage.reply(to: redirectUri, fields: FormPostPage.errorFields(
                        protocolError, state: state, core: core, correlationId: clientRequestId))
                }
                return .redirect(to: AuthorizeRequestParser.errorRedirect(
                    protocolError, redirectUri: redirectUri, state: state, core: core, correlationId: clientRequestId))
            }
        }
        if prompt == "none" {
            return FormPostPage.answer(request, fields: FormPostPage.errorFields(
                .loginRequired, state: request.state, core: core, correlationId: clientRequestId))
        }
        return .page(try PageFlow(core: core, action: action).start(.authorize(request), step: .username, loginHint: request.loginHint))
    }

    private func authorizeStep(_ form: FormBody, action: String, clientRequestId: String) throws -> WebReply {
        switch try PageFlow(core: core, action: action).post(form) {
        case .show(let page):
            return .page(page)
        case .finished(let session, let ending):
            guard case .authorize(let request) = session.purpose else { return .page(PageFlow.expiredPage) }
            let error: ProtocolError
            switch ending {
            case .signedIn(let userKey):
                let code = try issueCode(request, userKey: userKey)
                return FormPostPage.answer(request, fields: [("code", code), ("state", request.state)])
            case .cancelled:
                error = .userDeclined
            case .locked:
                error = .pageLockedOut(of: "codes or passwords")
            }
            return FormPostPage.answer(request, fields: FormPostPage.errorFields(
                error, state: request.state, core: core, correlationId: clientRequestId))
        }
    }

    /// Issues a single-use authorization code for `request`, bound to its client, redirect URI,
    /// PKCE challenge and nonce.
    private func issueCode(_ request: AuthorizeRequest, userKey: String) throws -> String {
        let code = Secrets.opaqueToken(byteCount: 32)
        let now = core.clock.now()
        let scopes = try ScopeRequest(parsing: request.scope).scopes
        try core.update { state in
            var web = state.web
            guard web.authorizationCodes.count < WebSignInState.limit else {
                throw ProtocolError(status: 503, error: "temporarily_unavailable", code: 90033,
                                    message: "Too many authorization codes are waiting to be redeemed; try again in a few minutes.")
            }
            web.authorizationCodes[Secrets.sha256Hex(code)] = AuthorizationCodeRecord(
                clientId: request.clientId, userKey: userKey, redirectUri: request.redirectUri,
                codeChallenge: request.codeChallenge, scopes: scopes, nonce: request.nonce,
                expiresAt: now + core.configuration.authorizationCodeLifetime)
            state.web = web
        }
        return code
    }

    // MARK: Device verification

    private func deviceStep(_ form: FormBody, action: String) throws -> WebReply {
        switch try PageFlow(core: core, action: action).post(form) {
        case .show(let page):
            return .page(page)
        case .finished(let session, let ending):
            guard case .device(let key?) = session.purpose else {
                return .page(.message(title: "Sign-in cancelled", lead: "Nothing was signed in. You can close this window."))
            }
            let status: DeviceCodeRecord.Status
            let page: SignInPage
            var userKey: String?
            switch ending {
            case .signedIn(let signedIn):
                status = .approved
                userKey = signedIn
                page = .message(title: "You're signed in", lead: "You have signed in on your device. You can close this window.")
            case .cancelled:
                status = .declined
                page = .message(title: "Sign-in cancelled", lead: "Your device was not signed in. You can close this window.")
            case .locked:
                status = .locked
                page = .message(title: "Sign-in stopped", lead: "Start again on your device.",
                                error: "Too many wrong codes or passwords.", status: 400)
            }
            let now = core.clock.now()
            let updated = try core.update { state -> Bool in
                guard var record = state.web.deviceCodes[key], record.status == .pending, now < record.expiresAt else { return false }
                record.status = status
                record.userKey = userKey
                state.web.deviceCodes[key] = record
                return true
            }
            return .page(updated ? page : .message(title: "This code expired", lead: "Start the sign-in again on your device.", status: 400))
        }
    }
}
