#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Why ``NativeAuthUserAccountResult/callAPI(_:parameters:transport:)`` sent no request, or got no
/// response. An HTTP error status is not an error here: it is the response.
public enum CallAPIError: Error, Sendable, CustomStringConvertible {
    /// The URL is neither `https` nor `http` to this machine (loopback): the token was not sent.
    case insecureURL(URL)
    /// No access token could be had (nobody signed in, the refresh was refused, the server failed).
    case accessToken(RetrieveAccessTokenError)
    /// The API answered with a claims challenge (`WWW-Authenticate: Bearer error="insufficient_claims",
    /// claims="…"`; the `claims` value as sent) and no token with those claims could be had. When the
    /// error's code is ``NativeAuthErrorCode/interactionRequired``, the user must sign in again with
    /// `ClaimsRequest(claimsChallenge:)` of that value.
    case claimsChallenge(String, RetrieveAccessTokenError)
    /// The API gave no acceptable response: no connection, a timeout, a body over the limit.
    case transport(HTTPTransportError)
    /// The task was cancelled.
    case cancelled

    public var description: String {
        switch self {
        case .insecureURL(let url):
            "The token is sent over https only (plain http only to this machine), so nothing was sent to \(url.scheme ?? "?")://\(url.host ?? "?")."
        case .accessToken(let error):
            error.errorDescription ?? "No access token could be had."
        case .claimsChallenge(_, let error):
            "The API asked for more claims than the token had, and no token with them could be had: "
                + (error.errorDescription ?? "the refresh failed.")
        case .transport(let error):
            error.message
        case .cancelled:
            "The request was cancelled."
        }
    }

    /// What the error means, as for the other errors of the library (see ``NativeAuthErrorCode``):
    /// the access token's own code (also after a claims challenge), ``NativeAuthErrorCode/insecureURL``, ``NativeAuthErrorCode/serverUnavailable``
    /// when the API gave no response, or ``NativeAuthErrorCode/cancelled``.
    public var code: NativeAuthErrorCode {
        switch self {
        case .insecureURL: .insecureURL
        case .accessToken(let error), .claimsChallenge(_, let error): error.code
        case .transport: .serverUnavailable
        case .cancelled: .cancelled
        }
    }

    /// Whether the token may be sent to `url`: `https` to any host, `http` to a loopback host only.
    public static func allowsToken(to url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty else { return false }
        switch scheme {
        case "https": return true
        case "http": return LoopbackHost.isLoopback(host)
        default: return false
        }
    }
}
