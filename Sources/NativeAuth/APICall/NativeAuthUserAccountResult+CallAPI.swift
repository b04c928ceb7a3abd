#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The answer of ``NativeAuthUserAccountResult/callAPI(_:parameters:transport:)``.
public struct NativeAuthAPIResponse: Sendable, Equatable {
    /// The API's response, whatever its status (a `3xx` is never followed).
    public let response: HTTPResponse
    /// Whether the API answered 401 first, so the token was refreshed and the request sent again.
    public let retriedWithRefreshedToken: Bool

    /// Creates an answer.
    public init(response: HTTPResponse, retriedWithRefreshedToken: Bool) {
        self.response = response
        self.retriedWithRefreshedToken = retriedWithRefreshedToken
    }
}

extension NativeAuthUserAccountResult {
    /// Sends `request` to an API with this account's access token as `Authorization: Bearer …`
    /// (replacing any `Authorization` header it has), as `az rest` and `gh api` do.
    ///
    /// The token comes from ``getAccessToken(parameters:)`` (the cached one, refreshed when needed).
    /// When the API answers 401, the token is refreshed (`forceRefresh`) and the request is sent once
    /// more; whatever the API answers then is returned. A 401 that is a claims challenge
    /// (`WWW-Authenticate: Bearer error="insufficient_claims", claims="<base64>"`, as Microsoft Graph
    /// sends under continuous access evaluation) is answered the same way with a token for those
    /// claims (``NativeAuthGetAccessTokenParameters/claimsRequest``); when none can be had without
    /// the user, the error is ``CallAPIError/claimsChallenge(_:_:)`` with the challenge's `claims`. The token goes only to `request.url`: over
    /// `https`, or plain `http` to a loopback host only, and the transport never follows a redirect
    /// (the library's transports never do; a `3xx` is returned as it is).
    ///
    /// ```swift
    /// let me = HTTPRequest(method: "GET", url: URL(string: "https://graph.microsoft.com/v1.0/me")!,
    ///                      headers: [("Accept", "application/json")], body: Data())
    /// let answer = try await account.callAPI(me, parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]))
    /// print(answer.response.status, String(decoding: answer.response.body, as: UTF8.self))
    /// ```
    ///
    /// - Parameters:
    ///   - request: The request to send; its URL must be absolute.
    ///   - parameters: Which token (scopes, correlation ID); `forceRefresh` refreshes before the first try.
    ///   - transport: How to send it; the application's transport when nil (whose response bodies stop
    ///     at 1 MiB: pass ``HTTPTransports/makeDefault(timeout:maximumResponseBodySize:caFile:)`` for more).
    /// - Throws: ``CallAPIError``; never for an HTTP status.
    public func callAPI(
        _ request: HTTPRequest, parameters: NativeAuthGetAccessTokenParameters = NativeAuthGetAccessTokenParameters(),
        transport: (any HTTPTransport)? = nil
    ) async throws(CallAPIError) -> NativeAuthAPIResponse {
        guard CallAPIError.allowsToken(to: request.url) else { throw .insecureURL(request.url) }
        let transport = transport ?? apiTransport
        let first = try await token(parameters)
        let response = try await Self.send(request, token: first, transport: transport)
        guard response.status == 401 else {
            return NativeAuthAPIResponse(response: response, retriedWithRefreshedToken: false)
        }
        let claims = BearerChallenge.insufficientClaims(in: response.header("WWW-Authenticate"))
        let claimsRequest = claims.flatMap { try? ClaimsRequest(claimsChallenge: $0) }
        let retry = NativeAuthGetAccessTokenParameters(
            forceRefresh: true, scopes: parameters.scopes, claimsRequest: claimsRequest ?? parameters.claimsRequest,
            correlationId: parameters.correlationId)
        let refreshed: String
        if let claims, claimsRequest != nil {
            do {
                refreshed = try await getAccessToken(parameters: retry).accessToken
            } catch {
                throw .claimsChallenge(claims, error)
            }
        } else {
            refreshed = try await token(retry)
        }
        let second = try await Self.send(request, token: refreshed, transport: transport)
        return NativeAuthAPIResponse(response: second, retriedWithRefreshedToken: true)
    }

    private func token(_ parameters: NativeAuthGetAccessTokenParameters) async throws(CallAPIError) -> String {
        do {
            return try await getAccessToken(parameters: parameters).accessToken
        } catch {
            throw .accessToken(error)
        }
    }

    private static func send(_ request: HTTPRequest, token: String, transport: any HTTPTransport) async throws(CallAPIError) -> HTTPResponse {
        var request = request
        request.headers.removeAll { $0.name.lowercased() == "authorization" }
        request.headers.append((name: "Authorization", value: "Bearer \(token)"))
        do {
            return try await transport.send(request)
        } catch let error as HTTPTransportError {
            throw .transport(error)
        } catch is CancellationError {
            throw .cancelled
        } catch {
            throw .transport(HTTPTransportError("\(request.url.host ?? "server"): \(error)", isTransient: false))
        }
    }
}
