import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("client-request-id")
struct CorrelationIdTests {
    @Test("One uppercase UUID on every request of a flow, the one given in the parameters")
    func sameIdOnEveryRequest() async throws {
        let transport = MockServer.transport()
        let app = try MockServer.app(transport)
        let parameters = NativeAuthSignInParameters(username: "user@example.com")
        let id = UUID()
        parameters.correlationId = id
        let state = try #require(await app.signIn(parameters: parameters).codeRequired?.state)
        _ = await state.submitCode(code: "12345678")

        let ids = transport.requests.map { $0.header("client-request-id") }
        #expect(ids.count == 3)
        #expect(Set(ids) == [id.uuidString])
        #expect(id.uuidString == id.uuidString.uppercased())
        #expect(state.correlationId == id)
    }

    @Test("The server's echoed client-request-id is adopted for the rest of the flow")
    func echoedIdIsAdopted() async throws {
        let serverId = UUID(uuidString: "0A0A0A0A-1111-BBBB-2222-3C3C3C3C3C3C")!
        let transport = MockServer.transport(responseHeaders: { _ in ["client-request-id": serverId.uuidString] })
        let app = try MockServer.app(transport)
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
        _ = await state.submitCode(code: "12345678")

        let ids = transport.requests.map { $0.header("client-request-id") }
        #expect(ids.count == 3)
        #expect(ids[0] != serverId.uuidString)
        #expect(Array(ids.dropFirst()) == [serverId.uuidString, serverId.uuidString])
        #expect(state.correlationId == serverId)
    }

    @Test("Every request carries the protocol headers and a form body starting with client_id")
    func protocolHeaders() async throws {
        let transport = MockServer.transport()
        let app = try MockServer.app(transport)
        _ = await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com"))
        for request in transport.requests {
            #expect(request.method == "POST")
            #expect(request.header("Accept") == "application/json")
            #expect(request.header("Content-Type") == "application/x-www-form-urlencoded")
            #expect(request.header("return-client-request-id") == "true")
            #expect(request.header("x-client-SKU")?.isEmpty == false)
            #expect(request.header("x-client-Ver")?.isEmpty == false)
            #expect(request.header("x-client-OS")?.isEmpty == false)
            #expect(FormFields.decode(request.body)?.first?.name == "client_id")
        }
    }
}
