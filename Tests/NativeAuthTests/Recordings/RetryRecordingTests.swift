import Foundation
import NativeAuth
import NativeAuthTestSupport
import Testing

@Suite("Recordings: retries and unreadable answers")
struct RetryRecordingTests {
    @Test("503 is retried once after the server-error delay, then the flow goes on")
    func serviceUnavailableThenSuccess() async throws {
        let fixture = try ReplayFixture("ServerError503ThenSuccess")
        let code = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        #expect(code.sentTo == Recorded.sentTo)
        #expect(fixture.clock.sleeps == [ReplayFixture.serverErrorDelay])
        try fixture.transport.assertAllUsed()
    }

    @Test("429 is retried once after its Retry-After seconds")
    func rateLimitedThenSuccess() async throws {
        let fixture = try ReplayFixture("RateLimited429ThenSuccess")
        let code = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).codeRequired)
        #expect(code.codeLength == 8)
        #expect(fixture.clock.sleeps == [.seconds(3)])
        try fixture.transport.assertAllUsed()
    }

    @Test("An HTML 500 is retried once, then fails as server unavailable with status 500")
    func htmlServerError() async throws {
        let fixture = try ReplayFixture("HTMLServerError500")
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.isServerUnavailable)
        #expect(error.httpStatus == 500)
        #expect(error.errorCodes.isEmpty)
        #expect(error.correlationId == fixture.flowId)
        #expect(error.errorDescription?.contains("<html") == false)
        #expect(fixture.clock.sleeps == [ReplayFixture.serverErrorDelay])
        try fixture.transport.assertAllUsed()
    }

    @Test("Truncated JSON on a 200 fails as server unavailable, without a retry")
    func truncatedJSON() async throws {
        let fixture = try ReplayFixture("TruncatedJSON")
        let error = try #require(await fixture.app.signIn(parameters: NativeAuthSignInParameters(username: Recorded.username)).error)
        #expect(error.isServerUnavailable)
        #expect(error.httpStatus == 200)
        #expect(error.errorDescription?.contains("CT2-fake-challenge") == false)
        #expect(fixture.clock.sleeps.isEmpty)
        try fixture.transport.assertAllUsed()
    }
}
