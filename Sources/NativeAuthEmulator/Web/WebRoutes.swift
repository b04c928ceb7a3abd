import Foundation
import Hummingbird
import NativeAuthShared

/// Serves the emulator's pages: the authorize page (authorization code + PKCE) and the device-code
/// verification page. Requests and their (redacted) form fields go to the request log like the
/// protocol endpoints'.
struct WebRoutes: Sendable {
    let core: EmulatorCore

    /// Adds the pages to `router`. A page answers every method itself, so that a wrong one (after the
    /// tenant check) is an error page.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        for page in WebPage.allCases {
            router.on(RouterPath("/:tenant/" + page.path), methods: Router<Context>.everyMethod) { request, context in
                let clientRequestId = request.clientRequestId()
                return await respond(to: request, page: page, tenant: context.parameters.get("tenant") ?? "",
                                     clientRequestId: clientRequestId)
                    .response(clientRequestId: clientRequestId)
            }
        }
    }

    func respond(to request: Request, page: WebPage, tenant: String, clientRequestId: String) async -> WebReply {
        var form: FormBody?
        let reply: WebReply
        do {
            guard core.servesTenant(tenant) else { throw ProtocolError.unknownTenant(tenant) }
            let action = page.path(tenant: tenant)
            switch (page, request.method) {
            case (.authorize, .get):
                reply = try authorize(query: request.uri.query ?? "", action: action, clientRequestId: clientRequestId)
            case (.authorize, .post):
                form = try await FormReader.read(request)
                reply = try authorizeStep(form!, action: action, clientRequestId: clientRequestId)
            case (.deviceVerification, .get):
                reply = .page(try PageFlow(core: core, action: action).start(.device(deviceCodeKey: nil), step: .userCode))
            case (.deviceVerification, .post):
                form = try await FormReader.read(request)
                reply = try deviceStep(form!, action: action)
            default:
                throw ProtocolError.methodNotAllowed(request.method.rawValue)
            }
        } catch let error as ProtocolError {
            reply = .page(Self.errorPage(error, correlationId: clientRequestId))
        } catch {
            core.configuration.logger.error("emulator internal error on a page: \(error)")
            reply = .page(Self.errorPage(ProtocolError(status: 500, error: "server_error", code: 90033,
                                                       message: "The emulator hit an internal error."), correlationId: clientRequestId))
        }
        core.requestLog.record(request, form: form, status: reply.status, clientRequestId: clientRequestId, time: core.clock.now())
        return reply
    }

    // MARK: Authorize

    private func authorize(query: String, action: String, clientRequestId: String) throws -> WebReply {
        let request: AuthorizeRequest, prompt: String?
        do {
            (request, prompt) = try AuthorizeRequestParser.parse(query, core: core)
        } catch {
            switch error {
            case .page(let protocolError):
                return .page(Self.errorPage(protocolError, correlationId: clientRequestId))
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

    // MARK: Error page

    /// The page shown when the browser cannot be sent back to the app, with the service's text.
    static func errorPage(_ error: ProtocolError, correlationId: String) -> SignInPage {
        .message(title: "Sorry, but we're having trouble signing you in",
                 lead: "Correlation ID: \(correlationId)",
                 error: error.summary, status: error.status)
    }
}
