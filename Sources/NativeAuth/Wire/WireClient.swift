#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NativeAuthShared

/// Sends native-auth requests and classifies the answers; the only code that touches HTTP.
///
/// Every request carries the headers the service expects and one correlation ID for the whole flow:
/// V1's are form-encoded POSTs to fixed endpoints; V2's are form POSTs to its two OAuth endpoints and
/// JSON requests to the links the server returned (`WireClient+Journey.swift`). 5xx, transient
/// transport failures and 429 are retried once (``RetryPolicy``), waiting through the application's
/// clock.
struct WireClient: Sendable {
    let authority: URL
    let clientId: String
    let transport: any HTTPTransport
    let retryPolicy: RetryPolicy
    let clock: any NativeAuthClock
    let logger: Logger
    /// The app's extra headers (``NativeAuthPublicClientApplicationConfig/requestInterceptor``).
    var interceptor: (any NativeAuthRequestInterceptor)? = nil

    /// The answer to one request and the correlation ID the flow goes on with (the server's, when it
    /// echoed one).
    struct Reply<Success: Sendable>: Sendable {
        let outcome: WireOutcome<Success>
        let correlationId: UUID
    }

    /// POSTs `fields` (after `client_id`) to `endpoint` and decodes a 200 body as `Success`.
    ///
    /// - Parameter replayable: false for a request the server may act on only once (a refresh-token
    ///   grant): it is then sent again only when it certainly never reached the server (or was
    ///   refused with 429), never after a failure that may have happened once the server had it.
    func post<Success: Decodable & Sendable>(
        _ endpoint: Endpoint, _ fields: [(String, String)], correlationId: UUID,
        as: Success.Type = Success.self, replayable: Bool = true
    ) async -> Reply<Success> {
        var request = makeRequest(endpoint, fields: fields, correlationId: correlationId)
        request.isReplayable = replayable
        return await send(request, named: endpoint.rawValue, fields: fields.map(\.0), correlationId: correlationId, classify: Self.classify)
    }

    /// Sends `request` (named `name` in logs, with the names of the `fields` it carries) with the
    /// app's intercepted headers, retrying as the policy says, and sorts the answer with `classify`:
    /// the one place every request of every API goes through, so the headers, the correlation ID, the
    /// retries and the logs are the same for all.
    func send<Success: Sendable>(
        _ request: HTTPRequest, named name: String, fields: [String], correlationId: UUID,
        classify: (HTTPResponse) -> WireOutcome<Success>
    ) async -> Reply<Success> {
        var request = request
        request.headers += await InterceptedHeaders.headers(from: interceptor, for: request.url, clock: clock, logger: logger)
        logger.debug(
            "native-auth request",
            metadata: ["endpoint": "\(name)", "fields": "\(fields.joined(separator: ","))", "correlation-id": "\(correlationId)"])

        var result = await attempt(request)
        if let delay = retryPolicy.delayBeforeRetry(after: result, replayable: request.isReplayable) {
            logger.info("retrying native-auth request",
                        metadata: ["endpoint": "\(name)", "after": "\(delay)", "reason": "\(Self.summary(result))"])
            do {
                try await clock.sleep(for: delay)
                result = await attempt(request)
            } catch {
                // Cancelled while waiting: report the first answer.
            }
        }

        let response: HTTPResponse
        switch result {
        case .failure(let error):
            let message = (error as? HTTPTransportError)?.message ?? String(describing: error)
            let reached = (error as? HTTPTransportError)?.mayHaveReachedServer ?? !(error is CancellationError)
            logger.warning("native-auth request failed", metadata: ["endpoint": "\(name)", "error": "\(message)"])
            return Reply(outcome: .rejected(.unavailable(WireFailure(kind: .transport(message: message, mayHaveReachedServer: reached)))),
                         correlationId: correlationId)
        case .success(let value):
            response = value
        }
        let flowId = response.header("client-request-id").flatMap(UUID.init(uuidString:)) ?? correlationId
        if flowId != correlationId {
            logger.debug("server changed the correlation ID", metadata: ["correlation-id": "\(flowId)"])
        }
        let outcome = classify(response)
        logger.debug("native-auth response",
                     metadata: ["endpoint": "\(name)", "status": "\(response.status)", "outcome": "\(outcome.logSummary)"])
        return Reply(outcome: outcome, correlationId: flowId)
    }

    /// A form POST to `endpoint` with `client_id` first, as every V1 request and V2's OAuth requests
    /// but its resume are.
    func makeRequest(_ endpoint: Endpoint, fields: [(String, String)], correlationId: UUID) -> HTTPRequest {
        makeRequest(method: "POST", url: endpoint.url(authority: authority), contentType: "application/x-www-form-urlencoded",
                    body: FormEncoding.encode([("client_id", clientId)] + fields), correlationId: correlationId)
    }

    /// A request with the headers every request carries: the content type, the correlation ID (and
    /// the request to echo it), the library's name, version and operating system.
    func makeRequest(method: String, url: URL, contentType: String, body: Data, correlationId: UUID) -> HTTPRequest {
        HTTPRequest(
            method: method,
            url: url,
            headers: [
                ("Accept", "application/json"),
                ("Content-Type", contentType),
                ("client-request-id", correlationId.uuidString),
                ("return-client-request-id", "true"),
                ("x-client-SKU", ClientInfo.sku),
                ("x-client-Ver", ClientInfo.version),
                ("x-client-OS", ClientInfo.operatingSystem),
            ],
            body: body)
    }

    private func attempt(_ request: HTTPRequest) async -> Result<HTTPResponse, any Error> {
        do {
            return .success(try await transport.send(request))
        } catch {
            return .failure(error)
        }
    }

    /// Sorts a response into success, redirect, protocol error or failure. 400 and 401 bodies are
    /// protocol errors (as MSAL reads them); every other status is a failure, and a 3xx names the
    /// host its `Location` points to (it is never followed).
    static func classify<Success: Decodable>(_ response: HTTPResponse) -> WireOutcome<Success> {
        let decoder = JSONDecoder()
        switch response.status {
        case 200:
            do {
                let probe = try decoder.decode(RedirectProbe.self, from: response.body)
                if probe.challengeType == "redirect" {
                    return .rejected(.redirect(reason: probe.redirectReason))
                }
                return .success(try decoder.decode(Success.self, from: response.body))
            } catch {
                return .rejected(.unavailable(WireFailure(kind: .undecodableBody(status: 200, detail: Self.describe(error)))))
            }
        case 400, 401:
            do {
                return .rejected(.protocolError(try decoder.decode(ServerErrorResponse.self, from: response.body), status: response.status))
            } catch {
                return .rejected(.unavailable(WireFailure(kind: .undecodableBody(status: response.status, detail: Self.describe(error)))))
            }
        case 300...399:
            return .rejected(.unavailable(WireFailure(kind: .redirect(status: response.status, locationHost: redirectHost(response)))))
        default:
            return .rejected(.unavailable(WireFailure(kind: .unexpectedStatus(response.status))))
        }
    }

    /// The host a redirect's `Location` names, or nil when it names none (no header, or a relative one).
    static func redirectHost(_ response: HTTPResponse) -> String? {
        guard let location = response.header("Location")?.trimmed(.whitespaces),
              let host = URL(string: location)?.host, !host.isEmpty
        else { return nil }
        return String(host.prefix(253))
    }

    /// A short description of a decoding failure that never quotes the body (it may hold tokens).
    private static func describe(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _)?: return "the field \(key.stringValue) is missing"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            return "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        case .dataCorrupted(let context)? where !context.codingPath.isEmpty:
            return "the field \(context.codingPath.map(\.stringValue).joined(separator: ".")) holds a value the protocol does not allow"
        case .dataCorrupted?: return "it is not valid JSON"
        default: return "it is not what the protocol describes"
        }
    }

    private static func summary(_ result: Result<HTTPResponse, any Error>) -> String {
        switch result {
        case .success(let response): return "HTTP \(response.status)"
        case .failure(let error): return (error as? HTTPTransportError)?.message ?? "transport failure"
        }
    }
}

extension WireOutcome {
    /// What the outcome was, for logs: never tokens or codes.
    var logSummary: String {
        switch self {
        case .success: return "success"
        case .rejected(let rejection): return rejection.logSummary
        }
    }
}
