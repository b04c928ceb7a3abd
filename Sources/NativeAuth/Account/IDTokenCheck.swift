#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// The checks a client makes on the ID token of a browser or device-code sign-in before keeping it
/// (OpenID Connect Core §3.1.3.7): issued for this client (`aud`), by this tenant (`iss`), and, for
/// the authorization-code flow, for this sign-in (`nonce`). The signature is not checked: the token
/// came straight from the token endpoint over TLS (§3.1.3.7 item 6).
///
/// The issuer of an external tenant is `https://{tid}.ciamlogin.com/{tid}/v2.0` (docs/PROTOCOL.md
/// §12.1), whatever host the authority has, so `iss` is accepted when its path is `/{tid}/v2.0`
/// and its host is `{tid}.ciamlogin.com` or the authority's own host (a custom domain, an emulator);
/// `http` only when the authority itself is `http` (loopback).
struct IDTokenCheck: Sendable {
    let clientId: String
    let authority: URL
    /// The `nonce` sent to `/authorize`; nil when the flow sends none (device code).
    let nonce: String?

    /// The username to store the account under (`preferred_username`, else `email`, else
    /// `fallback`, else `sub`), or why the ID token is refused.
    func username(of tokens: TokenResponse, fallback: String?) -> Result<String, Refusal> {
        guard let idToken = tokens.idToken, let claims = JWTClaims.payload(of: idToken).flatMap(JWTClaims.dictionary) else {
            return .failure(Refusal("the server sent no readable ID token"))
        }
        let audiences = (claims["aud"] as? String).map { [$0] } ?? (claims["aud"] as? [String]) ?? []
        guard audiences.contains(where: { $0.lowercased() == clientId.lowercased() }) else {
            return .failure(Refusal("the ID token is for another application (aud)"))
        }
        if let nonce {
            guard let sent = claims["nonce"] as? String, sent == nonce else {
                return .failure(Refusal("the ID token's nonce is not the one this sign-in sent"))
            }
        }
        guard let tenant = claims["tid"] as? String, let issuer = (claims["iss"] as? String).flatMap(URLComponents.init(string:)),
              isExpectedIssuer(issuer, tenant: tenant)
        else {
            return .failure(Refusal("the ID token was not issued by this tenant (iss)"))
        }
        let username = (claims["preferred_username"] as? String) ?? (claims["email"] as? String) ?? fallback ?? (claims["sub"] as? String)
        guard let username, !username.isEmpty else { return .failure(Refusal("the ID token names no user")) }
        return .success(username)
    }

    /// Why an ID token is refused (a phrase, without the token's content).
    struct Refusal: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func isExpectedIssuer(_ issuer: URLComponents, tenant: String) -> Bool {
        guard !tenant.isEmpty, issuer.path.lowercased() == "/\(tenant.lowercased())/v2.0", let host = issuer.host?.lowercased() else {
            return false
        }
        let authorityScheme = authority.scheme?.lowercased() ?? "https"
        guard issuer.scheme?.lowercased() == "https" || (issuer.scheme?.lowercased() == "http" && authorityScheme == "http") else {
            return false
        }
        let ownHost = authority.host?.lowercased()
        let sameHost = host == ownHost && issuer.port == authority.port
        return host == "\(tenant.lowercased()).ciamlogin.com" || sameHost
    }
}
