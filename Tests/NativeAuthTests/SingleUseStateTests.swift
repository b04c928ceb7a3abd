import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Single-use states")
struct SingleUseStateTests {
    private func codeState(_ transport: ScriptedTransport) async throws -> SignInCodeRequiredState {
        let app = try MockServer.app(transport)
        return try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).codeRequired?.state)
    }

    @Test("submitCode on a used state fails locally and sends nothing")
    func usedStateSendsNothing() async throws {
        let transport = MockServer.transport()
        let state = try await codeState(transport)
        #expect(await state.submitCode(code: "12345678").completed != nil)
        let sent = transport.requestCount

        let again = try #require(await state.submitCode(code: "12345678").error)
        #expect(again.error.isStateAlreadyUsed)
        #expect(again.newState == nil)
        let resend = try #require(await state.resendCode().error)
        #expect(resend.error.isStateAlreadyUsed)
        #expect(transport.requestCount == sent)
    }

    @Test("submitPassword on a used state fails locally and sends nothing")
    func usedPasswordStateSendsNothing() async throws {
        let transport = MockServer.transport(challenge: "password")
        let app = try MockServer.app(transport, challengeTypes: [.password])
        let state = try #require(await app.signIn(parameters: NativeAuthSignInParameters(username: "user@example.com")).passwordRequired)
        #expect(await state.submitPassword(password: "Fake-Passw0rd!").completed != nil)
        let sent = transport.requestCount
        #expect(try #require(await state.submitPassword(password: "Fake-Passw0rd!").error).error.isStateAlreadyUsed)
        #expect(transport.requestCount == sent)
    }

    @Test("A call while another is in flight on the same state fails locally; the first goes on")
    func concurrentCallsAreRefused() async throws {
        let gate = RequestGate(isOpen: true)
        let transport = MockServer.transport(gate: gate)
        let state = try await codeState(transport)
        let before = transport.requests(to: "/token").count

        gate.close()
        async let first = state.submitCode(code: "12345678")
        await gate.waitForHeld(1)  // the first call's request is at the server: it is surely in flight
        let second = await state.submitCode(code: "12345678")
        let resend = await state.resendCode()
        gate.open()

        #expect(second.error?.error.isStateAlreadyUsed == true)
        #expect(second.error?.newState == nil)
        #expect(resend.error?.error.isStateAlreadyUsed == true)
        #expect(await first.completed != nil)
        #expect(transport.requests(to: "/token").count == before + 1)
        #expect(transport.requests(to: "/challenge").count == 1, "the refused resend sent nothing")
    }
}
