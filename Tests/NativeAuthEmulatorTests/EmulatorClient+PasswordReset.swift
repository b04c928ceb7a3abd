import Foundation
import NativeAuthEmulator

/// Password-reset requests and helpers (docs/PROTOCOL.md §8).
extension EmulatorClient {
    func resetStart(_ username: String, challengeType: String = "oob redirect") async throws -> HTTPResult {
        try await post("resetpassword/v1.0/start", [("client_id", clientId), ("username", username), ("challenge_type", challengeType)])
    }

    func resetChallenge(_ token: String) async throws -> HTTPResult {
        try await post("resetpassword/v1.0/challenge", [("client_id", clientId), ("continuation_token", token), ("challenge_type", "oob redirect")])
    }

    func resetContinue(_ token: String, code: String = "12345678") async throws -> HTTPResult {
        try await post("resetpassword/v1.0/continue", [("client_id", clientId), ("continuation_token", token), ("grant_type", "oob"), ("oob", code)])
    }

    func resetSubmit(_ token: String, _ password: String) async throws -> HTTPResult {
        try await post("resetpassword/v1.0/submit", [("client_id", clientId), ("continuation_token", token), ("new_password", password)])
    }

    func resetPoll(_ token: String) async throws -> HTTPResult {
        try await post("resetpassword/v1.0/poll_completion", [("client_id", clientId), ("continuation_token", token)])
    }

    /// Start, challenge and the code; returns the token for the new password.
    func resetToPassword(_ username: String = "bob@example.com") async throws -> String {
        let started = try await resetStart(username)
        guard let first = started.string("continuation_token") else {
            throw EmulatorClientError(description: "resetpassword/start: \(started.status) \(String(decoding: started.body, as: UTF8.self))")
        }
        let challenged = try await resetChallenge(first)
        guard let second = challenged.string("continuation_token") else { throw EmulatorClientError(description: "resetpassword/challenge: \(challenged.status)") }
        let verified = try await resetContinue(second)
        guard let third = verified.string("continuation_token") else { throw EmulatorClientError(description: "resetpassword/continue: \(verified.status)") }
        return third
    }

    /// A password sign-in (initiate, challenge, password grant); returns the token response.
    func signInPassword(_ password: String, username: String = "bob@example.com", scope: String = "openid offline_access") async throws -> HTTPResult {
        let started = try await initiate(username, challengeType: "password redirect")
        guard let first = started.string("continuation_token") else { throw EmulatorClientError(description: "initiate: \(started.status)") }
        let challenged = try await challenge(first)
        guard let second = challenged.string("continuation_token") else { throw EmulatorClientError(description: "challenge: \(challenged.status)") }
        return try await submitPassword(second, password: password, scope: scope)
    }
}
