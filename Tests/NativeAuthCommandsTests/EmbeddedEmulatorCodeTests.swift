import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthEmulator
import Testing

/// Issue 23, item 3: the embedded emulator shows on this terminal only the codes of flows this
/// process started, not those of flows another local user starts on its loopback port meanwhile.
struct EmbeddedEmulatorCodeTests {
    @Test func anotherUsersFlowsCodeIsNotShown() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24681357")
        defer { sandbox.remove() }
        let signin = try sandbox.start(["signin", "--verbose", "alice@example.com"])
        let base = try await signin.waitForStderr(#"Using the embedded emulator on (http://127\.0\.0\.1:\d+)"#)
        try await signin.waitForStderr("Enter code")
        // Another local user starts a sign-in of their own and has a code sent.
        let authority = "\(base)/emulator.onmicrosoft.com"
        let client = EmulatorConfiguration.defaultClientId
        let start = try await Self.post("\(authority)/oauth2/v2.0/initiate",
                                        ["client_id": client, "username": "smsuser@example.com", "challenge_type": "oob redirect"])
        let token = try #require(start["continuation_token"] as? String, "\(start)")
        let challenge = try await Self.post("\(authority)/oauth2/v2.0/challenge",
                                            ["client_id": client, "continuation_token": token, "challenge_type": "oob redirect"])
        #expect(challenge["challenge_type"] as? String == "oob", "a code was sent: \(challenge)")
        signin.send("24681357\n")
        let result = await signin.finish()
        #expect(result.status == 0, "\(result)")
        let codeLines = result.stderr.split(separator: "\n").filter { $0.hasPrefix("emulator:") }
        #expect(codeLines.count == 1, "only alice's code: \(result)")
        #expect(codeLines.first?.contains("a***e@e*****e.com") == true, "\(result)")
    }

    /// Posts a form; returns the JSON answer.
    private static func post(_ url: String, _ fields: [String: String]) async throws -> [String: Any] {
        var request = URLRequest(url: URL(string: url)!, timeoutInterval: 30)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        request.httpBody = Data(fields.map { "\($0.key)=\($0.value.addingPercentEncoding(withAllowedCharacters: allowed)!)" }
            .joined(separator: "&").utf8)
        let (data, _) = try await URLSession.shared.data(for: request)
        return (try JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
    }
}
