#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What one flow (a sign-in, a sign-up, a password reset) carries from step to step.
struct FlowContext: Sendable {
    let environment: ApplicationEnvironment
    /// The username the flow is for.
    let username: String
    /// The scopes sent on `/token`, already merged with the OpenID scopes.
    let scopes: [String]
    /// The flow's correlation ID: the caller's, then the server's if it echoed another.
    let correlationId: UUID
    /// The claims request sent as `claims` on every grant at `/token` (MSAL sends it nowhere else).
    var claims: ClaimsRequest? = nil

    func with(correlationId: UUID) -> FlowContext {
        FlowContext(environment: environment, username: username, scopes: scopes, correlationId: correlationId, claims: claims)
    }

    /// The same flow asking for other scopes (a sign-in after sign-up names them only at the end).
    func with(scopes: [String]) -> FlowContext {
        FlowContext(environment: environment, username: username, scopes: scopes, correlationId: correlationId, claims: claims)
    }

    /// The same flow asking for other claims (a sign-in after sign-up names them only at the end).
    func with(claims: ClaimsRequest?) -> FlowContext {
        FlowContext(environment: environment, username: username, scopes: scopes, correlationId: correlationId, claims: claims)
    }

    /// POSTs `fields` to `endpoint` with this flow's correlation ID, and returns the answer with the
    /// context the flow goes on with (the server's correlation ID, when it echoed another).
    func post<Success: Decodable & Sendable>(
        _ endpoint: Endpoint, _ fields: [(String, String)], as type: Success.Type = Success.self
    ) async -> (outcome: WireOutcome<Success>, context: FlowContext) {
        let reply = await environment.wire.post(endpoint, fields, correlationId: correlationId, as: type)
        return (reply.outcome, with(correlationId: reply.correlationId))
    }

    /// The failure of a request at `step` (its error table decides), with this flow's correlation ID.
    /// A browser-required error carries what the browser sign-in needs: the reason, this flow's
    /// username and scopes.
    func failure(_ rejection: WireRejection, at step: some ErrorTable) -> StepFailure {
        let failure = FlowErrorMapping.failure(rejection, correlationId: correlationId, at: step)
        guard failure.details.code == .browserRequired else { return failure }
        return StepFailure(details: withBrowserFallback(failure.details), handsBack: failure.handsBack)
    }

    /// A browser-required failure the library decides itself (a V2 answer the app cannot go on with
    /// natively, such as a second factor it did not opt in to), saying `message`, with what the
    /// browser sign-in needs.
    func browserRequired(_ message: String) -> StepFailure {
        StepFailure(details: withBrowserFallback(FlowErrorMapping.local(.browserRequired, message, correlationId: correlationId)), handsBack: false)
    }

    private func withBrowserFallback(_ details: NativeAuthErrorDetails) -> NativeAuthErrorDetails {
        var details = details
        details.browserFallback = BrowserFallback(reason: details.message, username: username, scopes: scopes)
        return details
    }
}
