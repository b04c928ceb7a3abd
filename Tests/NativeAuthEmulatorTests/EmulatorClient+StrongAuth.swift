import Foundation
import NativeAuthEmulator

/// MFA and strong-auth method registration requests and helpers (docs/PROTOCOL.md §9).
extension EmulatorClient {
    static let bothCapabilities = "mfa_required registration_required"

    func initiate(_ username: String, capabilities: String?, challengeType: String = "password redirect") async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("username", username), ("challenge_type", challengeType)]
        if let capabilities { fields.append(("capabilities", capabilities)) }
        return try await post("oauth2/v2.0/initiate", fields)
    }

    /// Initiate (with `capabilities`), the password challenge and the password: the `/token` answer.
    func passwordGrant(_ username: String, capabilities: String?, password: String = "Passw0rd!") async throws -> HTTPResult {
        let started = try await initiate(username, capabilities: capabilities)
        guard let first = started.string("continuation_token") else { throw EmulatorClientError(description: "initiate: \(started.status)") }
        let challenged = try await challenge(first)
        guard let second = challenged.string("continuation_token") else { throw EmulatorClientError(description: "challenge: \(challenged.status)") }
        return try await submitPassword(second, password: password)
    }

    func mfaIntrospect(_ token: String) async throws -> HTTPResult {
        try await post("oauth2/v2.0/introspect", [("client_id", clientId), ("continuation_token", token)])
    }

    func mfaChallenge(_ token: String, id: String, challengeType: String? = "oob password redirect") async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("continuation_token", token)]
        if let challengeType { fields.append(("challenge_type", challengeType)) }
        fields.append(("id", id))
        return try await post("oauth2/v2.0/challenge", fields)
    }

    func mfaGrant(_ token: String, code: String = "12345678") async throws -> HTTPResult {
        try await post("oauth2/v2.0/token", [("client_id", clientId), ("continuation_token", token), ("grant_type", "mfa_oob"), ("oob", code),
                                             ("scope", "openid offline_access")])
    }

    func registerIntrospect(_ token: String) async throws -> HTTPResult {
        try await post("register/v1.0/introspect", [("client_id", clientId), ("continuation_token", token)])
    }

    func registerChallenge(_ token: String, target: String, channel: String?) async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("continuation_token", token), ("challenge_type", "oob"), ("challenge_target", target)]
        if let channel { fields.append(("challenge_channel", channel)) }
        return try await post("register/v1.0/challenge", fields)
    }

    func registerContinue(_ token: String, code: String?) async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("continuation_token", token)]
        fields += code.map { [("grant_type", "oob"), ("oob", $0)] } ?? [("grant_type", "continuation_token")]
        return try await post("register/v1.0/continue", fields)
    }

    /// The password grant of `username` (both capabilities), then the MFA introspect: its answer.
    func toMFAMethods(_ username: String = "mfauser@example.com") async throws -> HTTPResult {
        let refused = try await passwordGrant(username, capabilities: Self.bothCapabilities)
        guard let token = refused.string("continuation_token") else { throw EmulatorClientError(description: "token: \(refused.status) \(refused.json)") }
        return try await mfaIntrospect(token)
    }

    /// The password grant of `username` (both capabilities), then the registration's introspect: its answer.
    func toRegistrationMethods(_ username: String = "registeruser@example.com") async throws -> HTTPResult {
        let refused = try await passwordGrant(username, capabilities: Self.bothCapabilities)
        guard let token = refused.string("continuation_token") else { throw EmulatorClientError(description: "token: \(refused.status) \(refused.json)") }
        return try await registerIntrospect(token)
    }
}

extension HTTPResult {
    /// The `methods` of an introspect answer.
    var methods: [[String: String]] { (json["methods"] as? [[String: String]]) ?? [] }
}
