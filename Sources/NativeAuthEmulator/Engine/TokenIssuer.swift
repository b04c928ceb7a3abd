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

    func response(for grant: TokenGrant) throws -> TokenAnswer {
        let config = core.configuration
        let now = grant.issuedAt.rounded(.down)
        let iat = Timestamps.wholeSeconds(now)
        let oid = grant.user.id
        let sub = Self.pairwiseSubject(oid: oid, clientId: grant.clientId)
        let scp = grant.scopes.permissions.isEmpty
            ? grant.scopes.scopes.filter { $0 != "offline_access" }.joined(separator: " ")
            : grant.scopes.permissions.joined(separator: " ")
        func claims(for audience: String, lifetime: Double) -> TokenClaims {
            TokenClaims(aud: audience, iss: core.issuer, iat: iat, exp: Timestamps.wholeSeconds(now + lifetime),
                        name: grant.user.displayName, oid: oid, preferredUsername: grant.user.username, sub: sub, tid: core.tenantId)
        }
        var accessClaims = claims(for: grant.scopes.resource ?? grant.clientId, lifetime: config.accessTokenLifetime)
        accessClaims.azp = grant.clientId
        accessClaims.azpacr = "0"
        accessClaims.scp = scp
        accessClaims.uti = Secrets.opaqueToken(byteCount: 16)
        accessClaims.acrs = grant.acrs.isEmpty ? nil : grant.acrs
        var idToken: String?
        if grant.scopes.wantsIdToken {
            var idClaims = claims(for: grant.clientId, lifetime: config.idTokenLifetime)
            idClaims.nonce = grant.nonce
            idToken = try core.key.sign(claims: idClaims)
        }
        let clientInfo = grant.clientInfo ? Base64URL.encode(try JSONText.data(ClientInfo(uid: oid, utid: core.tenantId))) : nil
        return TokenAnswer(
            scope: grant.scopes.scopes.joined(separator: " "), expiresIn: Timestamps.wholeSeconds(config.accessTokenLifetime),
            accessToken: try core.key.sign(claims: accessClaims), refreshToken: grant.refreshToken, idToken: idToken,
            clientInfo: clientInfo)
    }

    /// `sub` is pairwise: stable for one user and one app, different across apps.
    static func pairwiseSubject(oid: String, clientId: String) -> String {
        Base64URL.encode(Data(SHA256.hash(data: Data((oid + "|" + clientId).utf8))))
    }
}
