import Foundation
import NativeAuthEmulator

/// Sign-up requests and helpers (docs/PROTOCOL.md §7).
extension EmulatorClient {
    func signUpStart(_ username: String, challengeType: String = "oob redirect", password: String? = nil,
                     attributes: String? = nil) async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("username", username), ("challenge_type", challengeType)]
        if let password { fields.append(("password", password)) }
        if let attributes { fields.append(("attributes", attributes)) }
        return try await post("signup/v1.0/start", fields)
    }

    func signUpChallenge(_ token: String, challengeType: String? = nil) async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("continuation_token", token)]
        if let challengeType { fields.append(("challenge_type", challengeType)) }
        return try await post("signup/v1.0/challenge", fields)
    }

    func signUpContinue(_ token: String, _ grantType: String, _ value: String) async throws -> HTTPResult {
        try await post("signup/v1.0/continue", [("client_id", clientId), ("continuation_token", token), ("grant_type", grantType),
                                                (grantType, value)])
    }

    func continuationGrant(_ token: String, username: String?, scope: String = "openid offline_access") async throws -> HTTPResult {
        var fields = [("client_id", clientId), ("continuation_token", token), ("grant_type", "continuation_token")]
        if let username { fields.append(("username", username)) }
        fields.append(("scope", scope))
        return try await post("oauth2/v2.0/token", fields)
    }

    /// Start and challenge; returns the token for the code.
    func signUpToCode(_ username: String, challengeType: String = "oob redirect", password: String? = nil,
                      attributes: String? = nil) async throws -> String {
        let started = try await signUpStart(username, challengeType: challengeType, password: password, attributes: attributes)
        guard let first = started.string("continuation_token") else {
            throw EmulatorClientError(description: "signup/start: \(started.status) \(String(decoding: started.body, as: UTF8.self))")
        }
        let challenged = try await signUpChallenge(first)
        guard let second = challenged.string("continuation_token") else { throw EmulatorClientError(description: "signup/challenge: \(challenged.status)") }
        return second
    }

    /// The users the emulator exports, by lower-cased username.
    func users() async throws -> [String: [String: Any]] {
        let list = try await admin("GET", "users").json["users"] as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: list.compactMap { user in (user["username"] as? String).map { ($0.lowercased(), user) } })
    }
}

/// Writes a seed file holding `json` and returns its URL (in a new temporary folder; remove it with the folder).
func seedFile(_ json: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("seed-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent("seed.json")
    try Data(json.utf8).write(to: url)
    return url
}
