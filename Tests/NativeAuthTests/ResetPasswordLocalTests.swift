import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

/// Password reset's local checks (nothing is sent), the bounds of the polling, and the retry rules
/// that no recording shows, against a scripted server.
@Suite("Password reset: local checks, polling bounds and retry rules")
struct ResetPasswordLocalTests {
    private func passwordState(_ transport: ScriptedTransport, clock: ManualClock = ManualClock()) async throws -> ResetPasswordRequiredState {
        let app = try MockServer.app(transport, clock: clock)
        let code = try #require(await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
        return try #require(await code.state.submitCode(code: "12345678").passwordRequired)
    }

    @Test("An empty username fails the start locally; an empty code or password, or one over 1024 characters, hands the state back; nothing is sent")
    func localChecks() async throws {
        let transport = ResetPasswordMockServer.transport()
        let app = try MockServer.app(transport)
        #expect(try #require(await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: " ")).error).isInvalidUsername)
        #expect(transport.requestCount == 0)

        let code = try #require(await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
        let empty = try #require(await code.state.submitCode(code: "  ").error)
        #expect(empty.error.isInvalidCode)
        #expect(empty.newState === code.state)
        let state = try #require(await code.state.submitCode(code: "12345678").passwordRequired)
        let sent = transport.requestCount
        for password in ["", String(repeating: "x", count: 1025)] {
            let refused = try #require(await state.submitPassword(password: password).error)
            #expect(refused.error.isInvalidPassword)
            #expect(refused.newState === state)
        }
        #expect(transport.requestCount == sent)
    }

    @Test("The form of each step: start, continue with the code, submit with new_password, poll with the submit's token")
    func forms() async throws {
        let transport = ResetPasswordMockServer.transport { number in
            number < 3 ? (200, #"{"status":"in_progress"}"#) : (200, #"{"status":"succeeded","continuation_token":"CT5-mock"}"#)
        }
        let state = try await passwordState(transport)
        #expect(await state.submitPassword(password: "N3w-Passw0rd!").completed != nil)
        let names = transport.requests.map { FormFields.decode($0.body)?.map(\.name) ?? [] }
        #expect(names == [
            ["client_id", "username", "challenge_type"],
            ["client_id", "continuation_token", "challenge_type"],
            ["client_id", "continuation_token", "grant_type", "oob"],
            ["client_id", "continuation_token", "new_password"],
            ["client_id", "continuation_token"], ["client_id", "continuation_token"], ["client_id", "continuation_token"],
        ])
        let polls = transport.requests(to: "/poll_completion").map { FormFields.dictionary($0.body)["continuation_token"] }
        #expect(polls == ["CT4-mock", "CT4-mock", "CT4-mock"], "every poll carries the submit's token")
        #expect(FormFields.dictionary(transport.requests(to: "/submit")[0].body)["new_password"] == "N3w-Passw0rd!")
    }

    @Test("Polling stops after 120 s of waits in all and says so; nothing really sleeps")
    func totalWaitIsBounded() async throws {
        let clock = ManualClock()
        let transport = ResetPasswordMockServer.transport(submit: (200, #"{"continuation_token":"CT4-mock","poll_interval":7}"#)) { _ in
            (200, #"{"status":"in_progress"}"#)
        }
        let state = try await passwordState(transport, clock: clock)
        let unfinished = try #require(await state.submitPassword(password: "N3w-Passw0rd!").error)
        #expect(unfinished.newState == nil)
        #expect(!unfinished.error.isServerUnavailable && !unfinished.error.isInvalidPassword)
        #expect(unfinished.error.errorDescription?.contains("had not completed the password reset after 18 polls over 119 s") == true)
        #expect(unfinished.error.errorDescription?.contains("at most 120 s") == true)
        #expect(clock.sleeps == Array(repeating: .seconds(7), count: 17))
        #expect(transport.requests(to: "/poll_completion").count == 18)
    }

    @Test("poll_interval is bounded: none means 2 s, 0 means 1 s, an hour means 30 s; not_started polls again", arguments: [
        (nil, 2), (0, 1), (3600, 30), (5, 5),
    ] as [(Int?, Int)])
    func intervalBounds(_ given: Int?, _ waited: Int) async throws {
        let clock = ManualClock()
        let submit = given.map { #"{"continuation_token":"CT4-mock","poll_interval":\#($0)}"# } ?? #"{"continuation_token":"CT4-mock"}"#
        let transport = ResetPasswordMockServer.transport(submit: (200, submit)) { number in
            number == 1 ? (200, #"{"status":"not_started"}"#) : (200, #"{"status":"succeeded","continuation_token":"CT5-mock"}"#)
        }
        let state = try await passwordState(transport, clock: clock)
        #expect(await state.submitPassword(password: "N3w-Passw0rd!").completed != nil)
        #expect(clock.sleeps == [.seconds(waited)])
    }

    @Test("An unknown status, a poll without an answer, and a failed poll without a token end the flow")
    func pollFailuresEndTheFlow() async throws {
        let unknown = try await passwordState(ResetPasswordMockServer.transport { _ in (200, #"{"status":"paused"}"#) })
        let odd = try #require(await unknown.submitPassword(password: "N3w-Passw0rd!").error)
        #expect(odd.newState == nil)
        #expect(odd.error.errorDescription?.contains("'paused'") == true)

        let down = try await passwordState(ResetPasswordMockServer.transport { _ in (503, "") })
        let unavailable = try #require(await down.submitPassword(password: "N3w-Passw0rd!").error)
        #expect(unavailable.error.isServerUnavailable)
        #expect(unavailable.newState == nil, "the reset was submitted: the state cannot be used again")

        let failed = try await passwordState(ResetPasswordMockServer.transport { _ in (200, #"{"status":"failed"}"#) })
        let error = try #require(await failed.submitPassword(password: "N3w-Passw0rd!").error)
        #expect(error.newState == nil)
        #expect(error.error.errorDescription?.contains("Start the password reset again") == true)
    }

    @Test("A submit without an answer hands the same state back; one without a token ends the flow")
    func submitRules() async throws {
        let down = try await passwordState(ResetPasswordMockServer.transport(submit: (503, "")))
        let retry = try #require(await down.submitPassword(password: "N3w-Passw0rd!").error)
        #expect(retry.error.isServerUnavailable)
        #expect(retry.newState === down)
        let tokenless = try await passwordState(ResetPasswordMockServer.transport(submit: (200, #"{"poll_interval":2}"#)))
        #expect(try #require(await tokenless.submitPassword(password: "N3w-Passw0rd!").error).newState == nil)
    }

    @Test("A refused resend hands the state back (as MSAL), and so does a resend without an answer; an expired token ends the flow")
    func resendRules() async throws {
        let app = try MockServer.app(ResetPasswordMockServer.transport(resend: (400, #"{"error":"invalid_request","error_codes":[90100]}"#)))
        let refused = try #require(await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
        #expect(try #require(await refused.state.resendCode().error).newState === refused.state)
        let expiredApp = try MockServer.app(ResetPasswordMockServer.transport(resend: (400, #"{"error":"expired_token","error_codes":[552003]}"#)))
        let expired = try #require(await expiredApp.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
        #expect(try #require(await expired.state.resendCode().error).newState == nil)
        let down = try MockServer.app(ResetPasswordMockServer.transport(resend: (503, "")))
        let kept = try #require(await down.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
        let error = try #require(await kept.state.resendCode().error)
        #expect(error.error.isServerUnavailable)
        #expect(error.newState === kept.state)
    }

    @Test("A code error other than invalid_oob_value ends the flow; a 503 hands the state back")
    func codeRules() async throws {
        for (answer, retried) in [((400, #"{"error":"expired_token","error_codes":[552003]}"#), false), ((503, ""), true)] {
            let app = try MockServer.app(ResetPasswordMockServer.transport(continue: answer))
            let code = try #require(await app.resetPassword(parameters: NativeAuthResetPasswordParameters(username: "user@example.com")).codeRequired)
            let error = try #require(await code.state.submitCode(code: "12345678").error)
            #expect((error.newState === code.state) == retried)
        }
    }

    @Test("A reset that succeeded without a token: the sign-in after it fails locally and sends nothing")
    func succeededWithoutToken() async throws {
        let transport = ResetPasswordMockServer.transport { _ in (200, #"{"status":"succeeded"}"#) }
        let state = try await passwordState(transport)
        let reset = try #require(await state.submitPassword(password: "N3w-Passw0rd!").completed)
        let sent = transport.requestCount
        let failure = try #require(await reset.signIn().error)
        #expect(failure.error.errorDescription?.contains("Sign in is not available at this point") == true)
        #expect(failure.newState == nil)
        #expect(transport.requestCount == sent)
    }
}
