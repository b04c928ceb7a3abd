#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The success bodies (HTTP 200) of the native-auth endpoints. Field names are the protocol's.
// A body that carries `"challenge_type": "redirect"` never reaches these: the wire client turns it
// into `WireOutcome.redirect` first.

/// `/oauth2/v2.0/initiate` → `{"continuation_token": "…"}`.
struct InitiateResponse: Decodable, Sendable {
    let continuationToken: String

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
    }
}

/// `/signup/v1.0/start` and `/signup/v1.0/continue` (and password reset's steps) →
/// `{"continuation_token": "…"}`. Optional here: a sign-up's last `/continue` may leave it out, and
/// each flow decides what a missing token means.
struct ContinuationTokenResponse: Decodable, Sendable {
    let continuationToken: String?

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
    }
}

/// A `/challenge` answer → the one-time-passcode block, or a password challenge. Every field is
/// optional here; ``ChallengeAnswer`` decides what a usable answer is.
struct ChallengeResponse: Decodable, Sendable {
    let continuationToken: String?
    let challengeType: String?
    let bindingMethod: String?
    let challengeChannel: String?
    let challengeTargetLabel: String?
    /// `/register/v1.0/challenge` names the contact it sent the code to `challenge_target`.
    let challengeTarget: String?
    let codeLength: Int?
    let interval: Int?

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case challengeType = "challenge_type"
        case bindingMethod = "binding_method"
        case challengeChannel = "challenge_channel"
        case challengeTargetLabel = "challenge_target_label"
        case challengeTarget = "challenge_target"
        case codeLength = "code_length"
        case interval
    }
}

/// `/oauth2/v2.0/token` → the tokens.
struct TokenResponse: Decodable, Sendable {
    let tokenType: String?
    let scope: String?
    let expiresIn: Int
    let accessToken: String
    let refreshToken: String?
    let idToken: String?
    let clientInfo: String?

    enum CodingKeys: String, CodingKey {
        case tokenType = "token_type"
        case scope
        case expiresIn = "expires_in"
        case accessToken = "access_token"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
        case clientInfo = "client_info"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tokenType = try container.decodeIfPresent(String.self, forKey: .tokenType)
        scope = try container.decodeIfPresent(String.self, forKey: .scope)
        // Some servers send numbers as strings.
        if let seconds = try? container.decode(Int.self, forKey: .expiresIn) {
            expiresIn = seconds
        } else if let text = try container.decodeIfPresent(String.self, forKey: .expiresIn), let seconds = Int(text) {
            expiresIn = seconds
        } else {
            throw DecodingError.keyNotFound(
                CodingKeys.expiresIn, .init(codingPath: [], debugDescription: "expires_in is missing"))
        }
        accessToken = try Self.token(container.decode(String.self, forKey: .accessToken), .accessToken, in: container)
        refreshToken = try container.decodeIfPresent(String.self, forKey: .refreshToken).map {
            try Self.token($0, .refreshToken, valid: TokenSyntax.isValidRefreshToken, in: container)
        }
        idToken = try container.decodeIfPresent(String.self, forKey: .idToken).map { try Self.token($0, .idToken, in: container) }
        clientInfo = try container.decodeIfPresent(String.self, forKey: .clientInfo)
    }

    /// `token` when it is a token (``TokenSyntax``); anything else makes the whole answer unreadable.
    private static func token(_ token: String, _ key: CodingKeys, valid: (String) -> Bool = TokenSyntax.isValid,
                              in container: KeyedDecodingContainer<CodingKeys>) throws -> String {
        guard valid(token) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a token the protocol allows")
        }
        return token
    }
}

/// Any 200 body, read only to see whether it is a redirect.
struct RedirectProbe: Decodable {
    let challengeType: String?
    let redirectReason: String?

    enum CodingKeys: String, CodingKey {
        case challengeType = "challenge_type"
        case redirectReason = "redirect_reason"
    }
}
