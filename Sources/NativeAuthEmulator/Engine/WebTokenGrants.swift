import Foundation
import NativeAuthShared

/// The `/token` grants of the browser flows: `authorization_code` (RFC 6749 §4.1.3 with the PKCE
/// verifier of RFC 7636 §4.5) and the device-code grant (RFC 8628 §3.4–3.5).
struct WebTokenGrants: Sendable {
    let core: EmulatorCore

    static let deviceCodeGrantType = "urn:ietf:params:oauth:grant-type:device_code"

    /// Redeems an authorization code once: the client, the redirect URI (exactly as sent to
    /// `/authorize`), the PKCE verifier and the code's lifetime must all match.
    func authorizationCode(_ form: FormBody, clientId: String, clientInfo: Bool) throws -> TokenGrant {
        let code = try RequestValidation.required("code", in: form)
        let redirectUri = try RequestValidation.required("redirect_uri", in: form)
        let verifier = try RequestValidation.required("code_verifier", in: form)
        let now = core.clock.now()
        let (user, record, refreshToken) = try core.update { state -> (UserRecord, AuthorizationCodeRecord, String?) in
            let key = Secrets.sha256Hex(code)
            guard var record = state.web.authorizationCodes[key] else { throw ProtocolError.unknownAuthorizationCode }
            guard record.clientId == clientId else { throw ProtocolError.authorizationCodeOfAnotherClient }
            guard !record.redeemed else { throw ProtocolError.authorizationCodeRedeemed }
            guard now < record.expiresAt else { throw ProtocolError.authorizationCodeExpired }
            guard redirectUri == record.redirectUri else { throw ProtocolError.replyAddressMismatch(redirectUri) }
            guard PKCE.isWellFormedVerifier(verifier),
                  Secrets.constantTimeEquals(PKCE.challenge(for: verifier), record.codeChallenge)
            else { throw ProtocolError.codeVerifierMismatch }
            record.redeemed = true
            state.web.authorizationCodes[key] = record
            guard let user = state.users[record.userKey] else { throw ProtocolError.userNotFound }
            let refreshToken = issueRefreshToken(userKey: record.userKey, clientId: clientId, scopes: record.scopes, state: &state, now: now)
            return (user, record, refreshToken)
        }
        var grant = TokenGrant(user: user, clientId: clientId, scopes: try ScopeRequest(parsing: record.scopes.joined(separator: " ")),
                               refreshToken: refreshToken, clientInfo: clientInfo, issuedAt: now)
        grant.nonce = record.nonce
        return grant
    }

    /// One poll of a device code: pending (or too soon: `slow_down`), declined, expired, or the tokens.
    func deviceCode(_ form: FormBody, clientId: String, clientInfo: Bool) throws -> TokenGrant {
        let deviceCode = try RequestValidation.required("device_code", in: form)
        let now = core.clock.now()
        let (user, scopes, refreshToken) = try core.update { state -> (UserRecord, [String], String?) in
            let key = Secrets.sha256Hex(deviceCode)
            guard var record = state.web.deviceCodes[key], record.clientId == clientId, record.status != .redeemed else {
                throw ProtocolError.badVerificationCode
            }
            guard now < record.expiresAt else { throw ProtocolError.deviceCodeExpired }
            defer { state.web.deviceCodes[key] = record }
            switch record.status {
            case .pending:
                let tooSoon = record.lastPolledAt.map { now - $0 < Double(record.interval) } ?? false
                record.lastPolledAt = now
                if tooSoon {
                    record.interval += 5
                    throw ProtocolError.slowDown(interval: record.interval)
                }
                throw ProtocolError.authorizationPending
            case .declined:
                throw ProtocolError.authorizationDeclined
            case .locked:
                throw ProtocolError.deviceSignInLocked
            case .redeemed:
                throw ProtocolError.badVerificationCode
            case .approved:
                guard let userKey = record.userKey, let user = state.users[userKey] else { throw ProtocolError.userNotFound }
                record.status = .redeemed
                let refreshToken = issueRefreshToken(userKey: userKey, clientId: clientId, scopes: record.scopes, state: &state, now: now)
                return (user, record.scopes, refreshToken)
            }
        }
        return TokenGrant(user: user, clientId: clientId, scopes: try ScopeRequest(parsing: scopes.joined(separator: " ")),
                          refreshToken: refreshToken, clientInfo: clientInfo, issuedAt: now)
    }

    /// A refresh token when the scopes ask for one (`offline_access`), recorded like the native grants'.
    private func issueRefreshToken(userKey: String, clientId: String, scopes: [String], state: inout EmulatorState, now: Double) -> String? {
        guard scopes.contains("offline_access") else { return nil }
        let token = Secrets.opaqueToken(byteCount: 48)
        state.recordRefreshToken(token, userKey: userKey, clientId: clientId, scopes: scopes, now: now, configuration: core.configuration)
        return token
    }
}
