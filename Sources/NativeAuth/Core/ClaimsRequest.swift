#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Claims the tokens must carry beyond what the scopes give (OpenID Connect Core §5.5), such as a
/// Conditional Access authentication context (`acrs`): MSAL's `MSALClaimsRequest`, sent as the
/// `claims` parameter of every grant at `/oauth2/v2.0/token` (never on the other endpoints).
///
/// Give one to a sign-in (``NativeAuthSignInParameters/claimsRequest``, and the sign-in after a
/// sign-up or a password reset) or to ``NativeAuthGetAccessTokenParameters/claimsRequest``:
///
/// ```swift
/// let parameters = NativeAuthSignInParameters(username: email)
/// parameters.claimsRequest = try ClaimsRequest(
///     jsonString: #"{"access_token":{"acrs":{"essential":true,"value":"c1"}}}"#)
/// ```
///
/// An API that wants more than its token has answers `401` with
/// `WWW-Authenticate: Bearer error="insufficient_claims", claims="<base64>"` (a claims challenge,
/// as Microsoft Graph sends under continuous access evaluation); ``init(claimsChallenge:)`` reads
/// that `claims` value as it comes.
public struct ClaimsRequest: Sendable, Equatable, CustomStringConvertible {
    /// The longest claims request accepted, in bytes of its JSON.
    public static let maximumLength = 16 * 1024

    private let json: String

    /// A claims request from its JSON text: an object, such as
    /// `{"access_token":{"acrs":{"essential":true,"value":"c1"}}}`. The text is sent as given.
    ///
    /// - Throws: ``Invalid`` when the text is not a JSON object or is over ``maximumLength``.
    public init(jsonString: String) throws(Invalid) {
        let trimmed = jsonString.trimmed(.whitespacesAndNewlines)
        guard trimmed.utf8.count <= Self.maximumLength else {
            throw Invalid("the claims request is over \(Self.maximumLength) bytes")
        }
        guard case .object? = JSONValue.decoded(from: Data(trimmed.utf8)) else { throw Invalid("the claims request is not a JSON object") }
        json = trimmed
    }

    /// A claims request from the `claims` value of an API's claims challenge: base64 (standard or
    /// URL-safe, with or without padding) of a JSON object, as the `WWW-Authenticate` header carries
    /// it, or the JSON object itself (as `az login --claims-challenge` takes either).
    ///
    /// ```swift
    /// // claims="eyJhY2Nlc3NfdG9rZW4iOnsiYWNycyI6eyJlc3NlbnRpYWwiOnRydWUsInZhbHVlIjoiYzEifX19"
    /// let claims = try ClaimsRequest(claimsChallenge: "eyJhY2Nlc3NfdG9rZW4iOnsiYWNycyI6eyJlc3NlbnRpYWwiOnRydWUsInZhbHVlIjoiYzEifX19")
    /// let token = try await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(claimsRequest: claims))
    /// ```
    ///
    /// - Throws: ``Invalid`` when the value is neither.
    public init(claimsChallenge: String) throws(Invalid) {
        let value = claimsChallenge.trimmed(.whitespacesAndNewlines)
        if value.hasPrefix("{") {
            try self.init(jsonString: value)
            return
        }
        guard value.utf8.count <= Self.maximumLength * 2, let data = Self.base64Decoded(value),
              let text = String(data: data, encoding: .utf8)
        else { throw Invalid("the claims challenge is neither JSON nor base64 of JSON") }
        try self.init(jsonString: text)
    }

    /// The JSON text sent as the `claims` parameter.
    public func jsonString() -> String { json }

    public var description: String { json }

    /// Why a claims request was refused.
    public struct Invalid: Error, LocalizedError, Sendable, Equatable, CustomStringConvertible {
        /// A sentence saying what is wrong.
        public let message: String

        init(_ message: String) { self.message = message }

        public var errorDescription: String? { message }
        public var description: String { message }
    }

    /// Base64 or base64url, padded or not: the standard alphabet's `+` and `/` read as base64url's
    /// `-` and `_`.
    private static func base64Decoded(_ value: String) -> Data? {
        guard !value.isEmpty else { return nil }
        return Base64URL.decode(value.replacing("+", with: "-").replacing("/", with: "_"))
    }
}
