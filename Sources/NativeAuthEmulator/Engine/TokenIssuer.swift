import Crypto
import Foundation
import NativeAuthShared

/// What a successful token request needs signed: decided under the state lock, signed outside it.
struct TokenGrant: Sendable {
    var user: UserRecord
    var clientId: String
    var scopes: ScopeRequest
    var refreshToken: String?
    var clientInfo: Bool
    var issuedAt: Double
    /// The `nonce` of the authorize request, echoed in the ID token.
    var nonce: String? = nil
    /// The authentication contexts the claims request asked for: the access token's `acrs`.
    var acrs: [String] = []
}

/// Builds and signs the token response (docs/PROTOCOL.md §10.2, §12).
struct TokenIssuer: Sendable {
    let core: EmulatorCore

    func response(for grant: TokenGrant) throws -> JSONValue {
        let config = core.configuration
        let now = grant.issuedAt.rounded(.down)
        let iat = Timestamps.wholeSeconds(now)
        let oid = grant.user.id
        let sub = Self.pairwiseSubject(oid: oid, clientId: grant.clientId)
        let scp = grant.scopes.permissions.isEmpty
            ? grant.scopes.scopes.filter { $0 != "offline_access" }.joined(separator: " ")
            : grant.scopes.permissions.joined(separator: " ")
        var accessMembers: [(String, JSONValue)] = [
            ("aud", .string(grant.scopes.resource ?? grant.clientId)),
            ("iss", .string(core.issuer)),
            ("iat", .int(iat)), ("nbf", .int(iat)), ("exp", .int(Timestamps.wholeSeconds(now + config.accessTokenLifetime))),
            ("azp", .string(grant.clientId)), ("azpacr", "0"),
            ("name", .string(grant.user.displayName)),
            ("oid", .string(oid)),
            ("preferred_username", .string(grant.user.username)),
            ("scp", .string(scp)),
            ("sub", .string(sub)),
            ("tid", .string(core.tenantId)),
            ("uti", .string(Secrets.opaqueToken(byteCount: 16))),
            ("ver", "2.0"),
        ]
        if !grant.acrs.isEmpty { accessMembers.append(("acrs", .array(grant.acrs.map(JSONValue.string)))) }
        let accessClaims: JSONValue = .object(accessMembers)
        var members: [(String, JSONValue)] = [
            ("token_type", "Bearer"),
            ("scope", .string(grant.scopes.scopes.joined(separator: " "))),
            ("expires_in", .int(Timestamps.wholeSeconds(config.accessTokenLifetime))),
            ("ext_expires_in", .int(Timestamps.wholeSeconds(config.accessTokenLifetime))),
            ("access_token", .string(try core.key.sign(claims: accessClaims))),
        ]
        if let refreshToken = grant.refreshToken {
            members.append(("refresh_token", .string(refreshToken)))
        }
        if grant.scopes.wantsIdToken {
            var idClaims: JSONValue = .object([
                ("aud", .string(grant.clientId)),
                ("iss", .string(core.issuer)),
                ("iat", .int(iat)), ("nbf", .int(iat)), ("exp", .int(Timestamps.wholeSeconds(now + config.idTokenLifetime))),
                ("name", .string(grant.user.displayName)),
                ("oid", .string(oid)),
                ("preferred_username", .string(grant.user.username)),
                ("sub", .string(sub)),
                ("tid", .string(core.tenantId)),
                ("ver", "2.0"),
            ])
            if let nonce = grant.nonce, case .object(let claims) = idClaims {
                idClaims = .object(claims + [("nonce", .string(nonce))])
            }
            members.append(("id_token", .string(try core.key.sign(claims: idClaims))))
        }
        if grant.clientInfo {
            let info: JSONValue = .object([("uid", .string(oid)), ("utid", .string(core.tenantId))])
            members.append(("client_info", .string(Base64URL.encode(info.serialized()))))
        }
        return .object(members)
    }

    /// `sub` is pairwise: stable for one user and one app, different across apps.
    static func pairwiseSubject(oid: String, clientId: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data((oid + "|" + clientId).utf8))))
    }
}
