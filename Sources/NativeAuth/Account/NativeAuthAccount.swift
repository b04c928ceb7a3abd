#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// The signed-in user.
public struct NativeAuthAccount: Sendable, Equatable {
    /// The username the account signed in with.
    public let username: String
    /// A stable identifier of the account (`uid.utid` from `client_info`, else `oid.tid` or `sub` from the ID token).
    public let identifier: String
    let claimsPayload: Data?

    init(username: String, identifier: String, idToken: String?) {
        self.username = username
        self.identifier = identifier
        self.claimsPayload = idToken.flatMap(JWTClaims.payload(of:))
    }

    /// The claims of the ID token, such as `preferred_username`, `name`, `oid`, `tid`; nil without an ID token.
    /// A number is an `Int` when it is whole and fits (`exp`, `iat`), else a `Double`; a JSON null is a
    /// member whose value is `nil`.
    ///
    /// ```swift
    /// let preferredUsername = result.account.accountClaims?["preferred_username"] as? String
    /// ```
    public var accountClaims: [String: Any]? {
        claimsPayload.flatMap(JWTClaims.dictionary)
    }

    /// The identifier of a token response: `uid.utid` from `client_info`, else `oid.tid`, else `sub`.
    static func identifier(clientInfo: String?, idToken: String?, username: String) -> String {
        if let clientInfo, let data = Base64URL.decode(clientInfo),
           let info = JWTClaims.dictionary(data),
           let uid = info["uid"] as? String, let utid = info["utid"] as? String {
            return "\(uid).\(utid)"
        }
        let claims = idToken.flatMap(JWTClaims.payload(of:)).flatMap(JWTClaims.dictionary) ?? [:]
        if let oid = claims["oid"] as? String, let tid = claims["tid"] as? String { return "\(oid).\(tid)" }
        if let sub = claims["sub"] as? String { return sub }
        return username
    }
}
