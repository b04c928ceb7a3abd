import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Replay transport and recordings")
struct ReplayTransportTests {
    @Test("Every recording loads and every step names its source and an endpoint")
    func recordingsAreWellFormed() throws {
        let names = try RecordingLoader.scenarioNames()
        #expect(names.count >= 19)
        for name in names {
            let recording = try RecordingLoader.load(name)
            for step in recording.steps {
                #expect(step.source.hasPrefix("docs/PROTOCOL.md §") || step.source.hasPrefix("synthetic: "),
                        "\(name)/\(step.name)")
                #expect(step.name.hasSuffix("-" + (step.request.path.split(separator: "/").last.map(String.init) ?? "?") + ".json"),
                        "\(name)/\(step.name)")
                #expect(step.request.form["client_id"] == ReplayFixture.clientId, "\(name)/\(step.name)")
            }
        }
    }

    @Test("An error body's correlation_id and 'Correlation ID:' line carry the echoed client-request-id")
    func bodyEchoesTheFlowId() async throws {
        let fixture = try ReplayFixture("UserNotFound")
        _ = await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: "nobody@example.com"))
        let flowId = try #require(fixture.transport.flowId)
        let response = try #require(fixture.transport.responses.first)
        #expect(response.header("client-request-id") == flowId)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(body["correlation_id"] as? String == flowId)
        #expect((body["error_description"] as? String)?.contains("Correlation ID: \(flowId)\r\n") == true)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("<flow-id>"))
        try fixture.transport.assertAllUsed()
    }

    @Test("A refresh, which starts its own correlation, gets its own client-request-id echoed")
    func refreshEchoesItsOwnId() async throws {
        let fixture = try ReplayFixture("RefreshRejected")
        let state = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)
        let account = try #require(await state.submitCode(code: Recorded.code).completed)
        _ = try? await account.getAccessToken(parameters: NativeAuthGetAccessTokenParameters(forceRefresh: true))
        let refreshId = try #require(fixture.transport.requests.last?.header("client-request-id"))
        #expect(refreshId != fixture.transport.flowId)
        let response = try #require(fixture.transport.responses.last)
        #expect(response.header("client-request-id") == refreshId)
        let body = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        #expect(body["correlation_id"] as? String == refreshId)
        try fixture.transport.assertAllUsed()
    }

    @Test("A mismatched request is refused, recorded, and the step stays unused")
    func mismatchIsRecorded() async throws {
        // OTPSuccess expects `oob redirect`; a password-capable app sends `oob password redirect`.
        let fixture = try ReplayFixture("OTPSuccess", challengeTypes: [.OOB, .password])
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.isServerUnavailable)
        #expect(fixture.transport.mismatches.count == 1)
        #expect(fixture.transport.mismatches.first?.contains("challenge_type") == true)
        #expect(fixture.transport.unusedSteps == ["01-initiate.json", "02-challenge.json", "03-token.json"])
        #expect(throws: ReplayMismatch.self) { try fixture.transport.assertAllUsed() }
    }

    @Test("A request after the last step is refused and recorded")
    func extraRequestIsRecorded() async throws {
        let fixture = try ReplayFixture("RedirectAtInitiate")
        _ = await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username))
        _ = await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username))
        #expect(fixture.transport.unusedSteps.isEmpty)
        #expect(fixture.transport.mismatches.count == 1)
        #expect(throws: ReplayMismatch.self) { try fixture.transport.assertAllUsed() }
    }

    @Test("A different client-request-id within one scenario is a mismatch")
    func flowIdMustStayTheSame() async throws {
        let transport = try ReplayTransport(scenario: "OTPSuccess", authority: ReplayFixture.authority)
        let app = try NativeAuthPublicClientApplication(
            clientId: ReplayFixture.clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB], transport: transport)
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired?.state)
        // Replay the last step by hand with another id.
        var request = transport.requests[1]
        request.url = ReplayFixture.authority.appendingPathComponent("oauth2/v2.0/token")
        request.headers = request.headers.map { $0.name == "client-request-id" ? ($0.name, UUID().uuidString) : $0 }
        await #expect(throws: ReplayMismatch.self) { _ = try await transport.send(request) }
        #expect(transport.mismatches.first?.contains("flow id") == true)
        _ = state
    }
}
