import Foundation
import HTTPTypes
import Hummingbird

/// The emulator's protected resource, in Microsoft Graph's shape: `GET /v1.0/me` answers the signed-in
/// user for a bearer token that ``BearerTokenCheck`` accepts (permission `User.Read`), else Graph's
/// error body with a `WWW-Authenticate: Bearer …` challenge (401 for a missing or invalid token, 403
/// for a token without the permission, as RFC 6750 §3.1 says). A token without an authentication
/// context the tenant marks `requiredByGraph` (``AuthenticationContext``) gets a claims challenge:
/// 401, `WWW-Authenticate: Bearer …, error="insufficient_claims", claims="<base64 claims request>"`,
/// as Graph answers under continuous access evaluation. The request log records it like the protocol
/// endpoints (``RequestLogMiddleware``).
struct GraphRoutes: Sendable {
    static let permission = "User.Read"

    let core: EmulatorCore

    /// Adds `GET /v1.0/me` to `router` (another method is Graph's 405, ``methodNotAllowed(_:date:clientRequestId:)``).
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        router.get("/v1.0/me") { request, context in
            try respond(to: request, context: context)
        }
    }

    func respond(to request: Request, context: some EmulatorRequestContext) throws -> Response {
        let requestId = UUID().uuidString.lowercased()
        let user: GraphUser
        do throws(BearerTokenCheck.Refusal) {
            let claims = try BearerTokenCheck(core: core).claims(authorization: request.headers[.authorization], permission: Self.permission)
            let carried = claims["acrs"] as? [String] ?? []
            let missing = core.authenticationContexts.requiredByGraph.filter { !carried.contains($0) }
            if !missing.isEmpty { throw .insufficientClaims(contexts: missing) }
            user = GraphUser(claims: claims, baseURL: core.baseURL)
        } catch {
            throw refusal(error, requestId: requestId, clientRequestId: context.exchange.clientRequestId)
        }
        var response = try context.responseEncoder.encode(user, from: request, context: context)
        response.headers[.graphRequestId] = requestId
        return response
    }

    /// Graph's answer to a method other than GET.
    static func methodNotAllowed(_ method: HTTPRequest.Method, date: Double, clientRequestId: String) -> GraphError {
        GraphError(.methodNotAllowed, code: "Request_BadRequest", message: "The method \(method.rawValue) is not allowed on /me.",
                   date: Timestamps.iso8601(date), requestId: UUID().uuidString.lowercased(), clientRequestId: clientRequestId)
    }

    private func refusal(_ refusal: BearerTokenCheck.Refusal, requestId: String, clientRequestId: String) -> GraphError {
        let realm = #"Bearer realm="", authorization_uri="\#(core.baseURL)/\#(core.tenantDomain)/oauth2/v2.0/authorize", client_id="00000003-0000-0000-c000-000000000000""#
        let date = Timestamps.iso8601(core.clock.now())
        switch refusal {
        case .missing:
            return GraphError(.unauthorized, code: "InvalidAuthenticationToken", message: "Access token is empty.",
                              date: date, requestId: requestId, clientRequestId: clientRequestId, challenge: realm)
        case .invalidToken(let reason):
            return GraphError(.unauthorized, code: "InvalidAuthenticationToken", message: reason, date: date, requestId: requestId,
                              clientRequestId: clientRequestId,
                              challenge: realm + #", error="invalid_token", error_description="\#(Self.quoted(reason))""#)
        case .insufficientScope(let required):
            return GraphError(.forbidden, code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation.",
                              date: date, requestId: requestId, clientRequestId: clientRequestId,
                              challenge: realm + #", error="insufficient_scope", scope="\#(required)""#)
        case .insufficientClaims(let contexts):
            let challenge = Data(RequestedClaims.challengeJSON(contexts).utf8).base64EncodedString()
            return GraphError(.unauthorized, code: "InvalidAuthenticationToken", message: "Continuous access evaluation resulted in claims challenge.",
                              date: date, requestId: requestId, clientRequestId: clientRequestId,
                              challenge: realm + #", error="insufficient_claims", claims="\#(challenge)""#)
        }
    }

    /// `text` fit for a quoted-string of an HTTP header.
    private static func quoted(_ text: String) -> String {
        String(text.filter { $0 != "\"" && $0 != "\\" && !$0.isNewline }.prefix(300))
    }
}
