#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// V2's requests, through the same ``WireClient/send(_:named:fields:correlationId:classify:)`` as
/// V1's (the same headers, correlation ID and retries): form POSTs to the two OAuth endpoints, JSON
/// requests to the links the server returned (docs/PROTOCOL.md §18).
extension WireClient {
    /// A form POST to one of V2's OAuth endpoints. `sendsClientId` is false only for the resume
    /// (`continuation_token` alone, as all three MSAL SDKs send it: docs/PROTOCOL.md §25).
    func postJourneyForm<Success: Decodable & Sendable>(
        _ endpoint: Endpoint, _ fields: [(String, String)], sendsClientId: Bool, correlationId: UUID,
        as: Success.Type = Success.self, entry: Bool = false
    ) async -> Reply<Success> {
        let sent = sendsClientId ? [("client_id", clientId)] + fields : fields
        let request = makeRequest(method: "POST", url: endpoint.url(authority: authority), contentType: "application/x-www-form-urlencoded",
                                  body: FormEncoding.encode(sent), correlationId: correlationId)
        return await send(request, named: endpoint.rawValue, fields: sent.map(\.0), correlationId: correlationId) {
            Self.classifyJourney($0, as: Success.self, entry: entry)
        }
    }

    /// A JSON request (`POST`, or `PUT` for a new password) to `url`, an href already resolved on the
    /// authority (``HrefResolver``), named `name` in logs.
    func sendJSON(_ method: String, to url: URL, named name: String, _ members: [(String, JSONValue)], correlationId: UUID)
        async -> Reply<HALResponse>
    {
        let request = makeRequest(method: method, url: url, contentType: "application/json",
                                  body: JSONValue.object(members).data(), correlationId: correlationId)
        return await send(request, named: name, fields: members.map(\.0), correlationId: correlationId) {
            Self.classifyJourney($0, as: HALResponse.self)
        }
    }

    /// Sorts a V2 answer (docs/PROTOCOL.md §20, §26, §27), whatever endpoint gave it:
    ///
    /// - a 3xx is a failure, never followed (the request holds secrets);
    /// - `state: webFallbackRequired` or a flat `error: "redirect_to_web"`, at any status, is the
    ///   browser fallback (a ``WireRejection/redirect(reason:)``);
    /// - with `entry`, a 200, 401 or 403 carrying a continuation token is the entry answer (the
    ///   sources disagree on the status and the SDKs do not branch on it);
    /// - a 200 is the step's answer; a 200 that is only an error envelope is that error;
    /// - a 4xx is an error in either envelope (flat OAuth or nested HAL);
    /// - anything else (a 5xx after the retry, another status, a body that does not read) is no
    ///   usable answer.
    static func classifyJourney<Success: Decodable>(_ response: HTTPResponse, as: Success.Type, entry: Bool = false) -> WireOutcome<Success> {
        if (300...399).contains(response.status) {
            return .rejected(.unavailable(WireFailure(kind: .redirect(status: response.status, locationHost: redirectHost(response)))))
        }
        let probe = try? JSONDecoder().decode(JourneyProbe.self, from: response.body)
        if let probe, probe.isWebFallback {
            return .rejected(.redirect(reason: probe.description))
        }
        if entry, [200, 401, 403].contains(response.status), probe?.hasContinuationToken == true {
            return decoded(response)
        }
        switch response.status {
        case 200:
            if let probe, probe.isOnlyAnError, let error = ServerErrorResponse.journey(response.body) {
                return .rejected(.protocolError(error, status: response.status))
            }
            return decoded(response)
        case 400...499:
            guard let error = ServerErrorResponse.journey(response.body) else {
                return .rejected(.unavailable(WireFailure(kind: .undecodableBody(
                    status: response.status, detail: "it is neither error envelope (flat OAuth or nested HAL)"))))
            }
            return .rejected(.protocolError(error, status: response.status))
        default:
            return .rejected(.unavailable(WireFailure(kind: .unexpectedStatus(response.status))))
        }
    }

    private static func decoded<Success: Decodable>(_ response: HTTPResponse) -> WireOutcome<Success> {
        do {
            return .success(try JSONDecoder().decode(Success.self, from: response.body))
        } catch {
            return .rejected(.unavailable(WireFailure(kind: .undecodableBody(
                status: response.status, detail: "it is not the JSON object the step answers with"))))
        }
    }
}

/// The fields of a V2 answer that decide how it is sorted, read before the answer itself.
private struct JourneyProbe: Decodable {
    var flatError: String?
    var hasErrorObject = false
    var state: String?
    var action: String?
    var hasContinuationToken = false
    var description: String?

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        flatError = object.string("error")
        hasErrorObject = flatError == nil && (try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("error"))) != nil
        state = object.string("state")
        action = object.string("action")
        let token = object.string("continuationToken") ?? object.string("continuation_token")
        hasContinuationToken = token?.isEmpty == false
        description = object.string("error_description")
    }

    /// `state: webFallbackRequired`, or the flat `redirect_to_web` error (js and Android read both).
    var isWebFallback: Bool {
        state.map { HALResponse.State($0) } == .webFallbackRequired
            || flatError.map(HALResponse.normalized) == "redirecttoweb"
    }

    /// An error envelope with nothing that leads on.
    var isOnlyAnError: Bool {
        (flatError != nil || hasErrorObject) && state == nil && action == nil && !hasContinuationToken
    }
}
