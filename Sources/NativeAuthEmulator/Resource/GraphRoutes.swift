import Foundation
import HTTPTypes
import Hummingbird
import NativeAuthShared

/// The emulator's protected resource, in Microsoft Graph's shape: `GET /v1.0/me` answers the signed-in
/// user for a bearer token that ``BearerTokenCheck`` accepts (permission `User.Read`), else Graph's
/// error body with a `WWW-Authenticate: Bearer …` challenge (401 for a missing or invalid token, 403
/// for a token without the permission, as RFC 6750 §3.1 says). A token without an authentication
/// context the tenant marks `requiredByGraph` (``AuthenticationContext``) gets a claims challenge:
/// 401, `WWW-Authenticate: Bearer …, error="insufficient_claims", claims="<base64 claims request>"`,
/// as Graph answers under continuous access evaluation.
struct GraphRoutes: Sendable {
    static let permission = "User.Read"

    let core: EmulatorCore

    /// Adds `/v1.0/me` to `router`, for every method (any but GET is a 405 in Graph's shape).
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        router.on("/v1.0/me", methods: Router<Context>.everyMethod) { request, _ in
            respond(to: request, clientRequestId: request.clientRequestId())
        }
    }

    func respond(to request: Request, clientRequestId: String) -> Response {
        let requestId = UUID().uuidString.lowercased()
        let reply: HTTPReply
        if request.method != .get {
            reply = error(405, code: "Request_BadRequest", message: "The method \(request.method.rawValue) is not allowed on /me.",
                          requestId: requestId, clientRequestId: clientRequestId)
        } else {
            do throws(BearerTokenCheck.Refusal) {
                let claims = try BearerTokenCheck(core: core).claims(
                    authorization: request.headers[.authorization], permission: Self.permission)
                let carried = claims["acrs"] as? [String] ?? []
                let missing = core.authenticationContexts.requiredByGraph.filter { !carried.contains($0) }
                if !missing.isEmpty { throw .insufficientClaims(contexts: missing) }
                reply = .json(Self.user(claims, baseURL: core.baseURL))
            } catch {
                reply = refusal(error, requestId: requestId, clientRequestId: clientRequestId)
            }
        }
        core.requestLog.record(request, form: nil, status: reply.status, clientRequestId: clientRequestId, time: core.clock.now())
        var response = reply.response(clientRequestId: clientRequestId)
        response.headers[HTTPField.Name("request-id")!] = requestId
        return response
    }

    /// The user of a verified token, as Graph's `/me` shows it (`$select` is not supported).
    static func user(_ claims: [String: Any], baseURL: String) -> JSONValue {
        let username = claims["preferred_username"] as? String
        let name = claims["name"] as? String
        return .object([
            ("@odata.context", .string("\(baseURL)/v1.0/$metadata#users/$entity")),
            ("businessPhones", .array([])),
            ("displayName", name.map(JSONValue.string) ?? .null),
            ("givenName", .null),
            ("jobTitle", .null),
            ("mail", username.map(JSONValue.string) ?? .null),
            ("mobilePhone", .null),
            ("officeLocation", .null),
            ("preferredLanguage", .null),
            ("surname", .null),
            ("userPrincipalName", username.map(JSONValue.string) ?? .null),
            ("id", .string(claims["oid"] as? String ?? "")),
        ])
    }

    private func refusal(_ refusal: BearerTokenCheck.Refusal, requestId: String, clientRequestId: String) -> HTTPReply {
        let realm = #"Bearer realm="", authorization_uri="\#(core.baseURL)/\#(core.tenantDomain)/oauth2/v2.0/authorize", client_id="00000003-0000-0000-c000-000000000000""#
        var reply: HTTPReply
        switch refusal {
        case .missing:
            reply = error(401, code: "InvalidAuthenticationToken", message: "Access token is empty.",
                          requestId: requestId, clientRequestId: clientRequestId)
            reply.headers.append(("WWW-Authenticate", realm))
        case .invalidToken(let reason):
            reply = error(401, code: "InvalidAuthenticationToken", message: reason, requestId: requestId, clientRequestId: clientRequestId)
            reply.headers.append(("WWW-Authenticate", realm + #", error="invalid_token", error_description="\#(Self.quoted(reason))""#))
        case .insufficientScope(let required):
            reply = error(403, code: "Authorization_RequestDenied", message: "Insufficient privileges to complete the operation.",
                          requestId: requestId, clientRequestId: clientRequestId)
            reply.headers.append(("WWW-Authenticate", realm + #", error="insufficient_scope", scope="\#(required)""#))
        case .insufficientClaims(let contexts):
            reply = error(401, code: "InvalidAuthenticationToken", message: "Continuous access evaluation resulted in claims challenge.",
                          requestId: requestId, clientRequestId: clientRequestId)
            let challenge = Data(RequestedClaims.challengeJSON(contexts).utf8).base64EncodedString()
            reply.headers.append(("WWW-Authenticate", realm + #", error="insufficient_claims", claims="\#(challenge)""#))
        }
        return reply
    }

    /// Graph's error body: `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`.
    private func error(_ status: Int, code: String, message: String, requestId: String, clientRequestId: String) -> HTTPReply {
        .json(.object([("error", .object([
            ("code", .string(code)),
            ("message", .string(message)),
            ("innerError", .object([
                ("date", .string(Timestamps.iso8601(core.clock.now()))),
                ("request-id", .string(requestId)),
                ("client-request-id", .string(clientRequestId)),
            ])),
        ]))]), status: status)
    }

    /// `text` fit for a quoted-string of an HTTP header.
    private static func quoted(_ text: String) -> String {
        String(text.filter { $0 != "\"" && $0 != "\\" && !$0.isNewline }.prefix(300))
    }
}
