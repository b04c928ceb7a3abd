#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `/oauth2/v2.0/introspect` and `/register/v1.0/introspect` → `{"continuation_token": "…",
/// "methods": [{"id", "challenge_type", "challenge_channel", "login_hint"}]}`. Every field is optional
/// here; ``AuthMethodsAnswer`` decides what a usable answer is.
struct IntrospectResponse: Decodable, Sendable {
    struct Method: Decodable, Sendable {
        let id: String?
        let challengeType: String?
        let challengeChannel: String?
        let loginHint: String?

        enum CodingKeys: String, CodingKey {
            case id
            case challengeType = "challenge_type"
            case challengeChannel = "challenge_channel"
            case loginHint = "login_hint"
        }
    }

    let continuationToken: String?
    let methods: [Method]?

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case methods
    }
}
