#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// The success bodies of a password reset's `/submit` and `/poll_completion` (docs/PROTOCOL.md §8).
// Every field is optional here and numbers may come as text: the flow decides what a usable answer is.

/// `/resetpassword/v1.0/submit` → `{"continuation_token": "…", "poll_interval": 2}`.
struct ResetPasswordSubmitResponse: Decodable, Sendable {
    let continuationToken: String?
    /// The least number of seconds to wait between two polls.
    let pollInterval: Int?

    enum CodingKeys: String, CodingKey {
        case continuationToken = "continuation_token"
        case pollInterval = "poll_interval"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        continuationToken = try? container.decodeIfPresent(String.self, forKey: .continuationToken)
        pollInterval = LenientInteger.decode(container, .pollInterval)
    }
}

/// `/resetpassword/v1.0/poll_completion` → `{"status": "in_progress" | "succeeded" | "failed" |
/// "not_started", "continuation_token": "…", "expires_in": 600}`.
struct ResetPasswordPollResponse: Decodable, Sendable {
    let status: String?
    let continuationToken: String?
    let expiresIn: Int?

    enum CodingKeys: String, CodingKey {
        case status
        case continuationToken = "continuation_token"
        case expiresIn = "expires_in"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        status = try? container.decodeIfPresent(String.self, forKey: .status)
        continuationToken = try? container.decodeIfPresent(String.self, forKey: .continuationToken)
        expiresIn = LenientInteger.decode(container, .expiresIn)
    }
}

/// An integer field sent as a number or as text; nil when it is neither.
enum LenientInteger {
    static func decode<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> Int? {
        if let number = try? container.decodeIfPresent(Int.self, forKey: key) { return number }
        return (try? container.decodeIfPresent(String.self, forKey: key)).flatMap { $0.flatMap { Int($0) } }
    }
}
