import Foundation
import NativeAuth
import NativeAuthEmulator
import NativeAuthShared
import Testing

/// The emulator over HTTPS (`EmulatorConfiguration.tls`): the library trusts its CA through
/// `caFile`, every URL it hands out says https, and without the CA nothing is sent in the clear.
@Suite struct TLSEndToEndTests {
    static func withTLS(stateDirectory: URL? = nil, _ body: (EmulatorHarness, URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try await EmulatorHarness.run(configure: { $0.tls = true; $0.stateDirectory = stateDirectory }) { harness in
            let ca = folder.appendingPathComponent("ca.pem")
            try Data(try #require(harness.emulator.certificateAuthority).certificatePEM.utf8).write(to: ca)
            try await body(harness, ca)
        }
    }

    @Test func discoveryAndEveryURLSayHTTPS() async throws {
        try await Self.withTLS { harness, ca in
            #expect(harness.emulator.authority.absoluteString.hasPrefix("https://127.0.0.1:"))
            let transport = HTTPTransports.makeDefault(maximumResponseBodySize: 1 << 20, caFile: ca.path)
            let url = harness.emulator.authority.appendingPathComponent("v2.0/.well-known/openid-configuration")
            let response = try await transport.send(HTTPRequest(method: "GET", url: url, headers: [], body: Data()))
            #expect(response.status == 200)
            let document = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let urls = document.values.compactMap { $0 as? String }.filter { $0.contains("://") }
            #expect(urls.count >= 5, "\(document)")
            #expect(urls.allSatisfy { $0.hasPrefix("https://127.0.0.1:\(harness.emulator.port)/") }, "\(urls)")
            #expect((document["response_modes_supported"] as? [String])?.contains("form_post") == true)

            let deviceEndpoint = try #require((document["device_authorization_endpoint"] as? String).flatMap(URL.init(string:)))
            let device = try await transport.send(HTTPRequest(
                method: "POST", url: deviceEndpoint, headers: [("Content-Type", "application/x-www-form-urlencoded")],
                body: Data("client_id=\(EmulatorConfiguration.defaultClientId)&scope=openid%20User.Read".utf8)))
            #expect(device.status == 200, "\(String(decoding: device.body, as: UTF8.self))")
            let grant = try #require(try JSONSerialization.jsonObject(with: device.body) as? [String: Any])
            #expect((grant["verification_uri"] as? String)?.hasPrefix("https://127.0.0.1:\(harness.emulator.port)/") == true, "\(grant)")
        }
    }

    @Test func theLibrarySignsInAndCallsTheAPIWithTheCAFile() async throws {
        try await Self.withTLS { harness, ca in
            let config = try NativeAuthPublicClientApplicationConfig(
                clientId: EmulatorConfiguration.defaultClientId, authority: harness.emulator.authority, challengeTypes: [.OOB])
            config.caFile = ca.path
            config.tokenStore = harness.store
            let app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
            let parameters = NativeAuthSignInParameters(username: EmulatorHarness.alice)
            parameters.scopes = ["User.Read"]
            guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: parameters),
                  case .completed(let account) = await state.submitCode(code: "12345678")
            else { throw HarnessError("sign-in over https failed") }
            let issuer = JWTClaims.claims(of: try #require(account.idToken))["iss"] as? String
            #expect(issuer?.hasPrefix("https://127.0.0.1:") == true)
            let me = HTTPRequest(method: "GET", url: URL(string: "\(harness.emulator.baseURL.absoluteString)/v1.0/me")!, headers: [], body: Data())
            let answer = try await account.callAPI(me, parameters: NativeAuthGetAccessTokenParameters(scopes: ["User.Read"]))
            #expect(answer.response.status == 200)
        }
    }

    @Test func withoutTheCANothingIsAccepted() async throws {
        try await Self.withTLS { harness, _ in
            let app = try harness.app([.OOB])
            guard case .error(let error) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice)) else {
                Issue.record("a sign-in went through without trusting the emulator's CA")
                return
            }
            #expect(error.isServerUnavailable)
            let config = try NativeAuthPublicClientApplicationConfig(
                clientId: EmulatorConfiguration.defaultClientId, authority: harness.emulator.authority, challengeTypes: [.OOB])
            config.caFile = "/nonexistent/ca.pem"
            #expect(throws: NativeAuthConfigurationError.self) { try NativeAuthPublicClientApplication(nativeAuthConfiguration: config) }
        }
    }

    @Test func theCAIsKeptInTheStateFolderWithAPrivateKey() async throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-tls-state-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        var first = ""
        try await Self.withTLS(stateDirectory: state) { harness, _ in
            let authority = try #require(harness.emulator.certificateAuthority)
            #expect(authority.certificateFile?.path == state.appendingPathComponent("tls/ca.pem").path)
            first = authority.certificatePEM
        }
        let key = state.appendingPathComponent("tls/ca-key.pem").path
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: key)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "the CA key is readable by its owner only: \(String(mode, radix: 8))")
        #expect(try String(contentsOfFile: key, encoding: .utf8).contains("PRIVATE KEY"))
        try await Self.withTLS(stateDirectory: state) { harness, _ in
            #expect(harness.emulator.certificateAuthority?.certificatePEM == first, "a restart keeps the CA")
        }
    }
}
