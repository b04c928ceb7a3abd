#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// The browser sign-in: authorization code with PKCE (S256) and a loopback redirect (RFC 8252).
///
/// 1. A verifier, `state` and `nonce` from the system's secure generator; a listener on
///    `127.0.0.1` on a free port; the redirect URI `http://localhost:PORT` (the app's own loopback
///    `redirectUri`, if it set one, with this port).
/// 2. The browser opens `/authorize`; the flow waits for the answer, the timeout (on the
///    application's clock) or cancellation, whichever comes first.
/// 3. `state` is checked before anything else; the code is redeemed with the verifier; the ID token's
///    `nonce`, audience and issuer are checked; the account is stored.
///
/// What the server's errors come to is ``BrowserStep``'s table.
enum InteractiveSignInFlow {
    static func run(_ parameters: NativeAuthInteractiveTokenParameters, app: NativeAuthPublicClientApplication)
        async -> Result<NativeAuthUserAccountResult, InteractiveTokenError>
    {
        let values = parameters.snapshot
        let environment = app.environment
        let loginHint = values.loginHint?.trimmed(.whitespacesAndNewlines)
        let context = FlowContext(environment: environment, username: loginHint ?? "",
                                  scopes: RequestedScopes.merged(values.scopes), correlationId: values.correlationId ?? UUID())
        func failure(_ code: NativeAuthErrorCode, _ message: String) -> Result<NativeAuthUserAccountResult, InteractiveTokenError> {
            .failure(InteractiveTokenError(FlowErrorMapping.local(code, message, correlationId: context.correlationId)))
        }
        guard values.timeout >= .seconds(1), values.timeout <= .seconds(3600) else {
            return failure(.general, "The timeout must be from 1 second to 1 hour.")
        }
        let redirect = RedirectTemplate(configured: app.redirectUri)
        let verifier = PKCE.makeVerifier(), state = PKCE.randomToken(byteCount: 24), nonce = PKCE.randomToken(byteCount: 24)
        let listener: LoopbackListener
        do {
            listener = try LoopbackListener(path: redirect.path, state: state)
        } catch {
            return failure(.loopbackFailed, "The sign-in could not listen for the browser's answer on 127.0.0.1: \(error.description).")
        }
        defer { listener.stop() }
        let redirectUri = redirect.uri(port: listener.port)
        let url = authorizeURL(app: app, context: context, redirectUri: redirectUri, state: state, nonce: nonce,
                               challenge: PKCE.challenge(for: verifier), loginHint: loginHint, prompt: values.promptType)
        environment.logger.info("browser sign-in starting", metadata: [
            "login-hint": "\(LogMasking.username(loginHint ?? ""))", "port": "\(listener.port)", "correlation-id": "\(context.correlationId)"])

        if await !values.browserOpener.open(url) {
            guard let showURL = values.showURL else {
                return failure(.browserUnavailable, "No browser could be opened for the sign-in page, and the app shows no URL.")
            }
            showURL(url)
        }
        switch await wait(for: listener, timeout: values.timeout, clock: environment.clock) {
        case .code(let code):
            let check = IDTokenCheck(clientId: app.clientId, authority: app.authority, nonce: nonce)
            let grant = TokenGrant.authorizationCode(code, redirectUri: redirectUri, codeVerifier: verifier)
            let (outcome, context) = await WebRedemption.redeem(grant, check: check, fallbackUsername: loginHint, context: context)
            switch outcome {
            case .signedIn(let result): return .success(result)
            case .failed(let details): return .failure(InteractiveTokenError(details))
            case .rejected(let rejection): return .failure(InteractiveTokenError(context.failure(rejection, at: BrowserStep.token).details))
            }
        case .error(let server):
            return .failure(InteractiveTokenError(FlowErrorMapping.refused(
                server, BrowserStep.authorize.outcome(of: server), httpStatus: nil, correlationId: context.correlationId)))
        case .cancelled:
            return failure(.cancelled, "The browser sign-in was cancelled.")
        case .timedOut:
            return failure(.timedOut, "The browser did not come back with an answer within \(values.timeout.components.seconds) seconds.")
        case .failed(let why):
            return failure(.loopbackFailed, "The browser sign-in stopped: \(why).")
        }
    }

    /// The answer, the timeout or cancellation, whichever comes first. An answer that arrived while
    /// the browser was being opened wins over a timeout.
    private static func wait(for listener: LoopbackListener, timeout: Duration, clock: any NativeAuthClock) async -> LoopbackOutcome {
        if let received = listener.received { return received }
        let first = await withTaskGroup(of: LoopbackOutcome?.self) { group -> LoopbackOutcome in
            group.addTask { await listener.outcome() }
            group.addTask {
                do {
                    try await clock.sleep(for: timeout)
                    return .timedOut
                } catch {
                    return nil
                }
            }
            var result: LoopbackOutcome = .cancelled
            for await value in group {
                if let value {
                    result = value
                    break
                }
            }
            group.cancelAll()
            return result
        }
        if Task.isCancelled { return .cancelled }
        if first == .timedOut, let received = listener.received, received != .cancelled { return received }
        return first
    }

    private static func authorizeURL(app: NativeAuthPublicClientApplication, context: FlowContext, redirectUri: String,
                                     state: String, nonce: String, challenge: String, loginHint: String?,
                                     prompt: NativeAuthPromptType) -> URL {
        var items = [("client_id", app.clientId), ("response_type", "code"), ("redirect_uri", redirectUri),
                     ("response_mode", "query"), ("scope", context.scopes.joined(separator: " ")), ("state", state),
                     ("nonce", nonce), ("code_challenge", challenge), ("code_challenge_method", PKCE.method),
                     ("client-request-id", context.correlationId.uuidString)]
        if let loginHint, !loginHint.isEmpty { items.append(("login_hint", loginHint)) }
        if let prompt = prompt.wireValue { items.append(("prompt", prompt)) }
        var components = URLComponents(url: Endpoint.authorize.url(authority: app.authority), resolvingAgainstBaseURL: false)!
        components.percentEncodedQuery = String(decoding: FormEncoding.encode(items), as: UTF8.self)
        return components.url!
    }
}

/// The loopback redirect URI: `http://localhost:PORT`, or the app's own loopback `redirectUri`
/// (`http://127.0.0.1/callback`, …) with the listener's port.
struct RedirectTemplate: Sendable, Equatable {
    let host: String
    let path: String

    init(configured: String?) {
        if let configured, let components = URLComponents(string: configured), components.scheme?.lowercased() == "http",
           let host = components.host, LoopbackHost.isLoopback(host), !host.contains(":"), components.query == nil,
           components.fragment == nil {
            // The listener binds 127.0.0.1, so an IPv6 loopback redirect is not used.
            self.host = host
            self.path = components.path.isEmpty ? "/" : components.path
        } else {
            host = "localhost"
            path = "/"
        }
    }

    /// The redirect URI for `port`: no trailing slash when the path is `/`, as MSAL sends it.
    func uri(port: Int) -> String {
        "http://\(host):\(port)" + (path == "/" ? "" : path)
    }
}
