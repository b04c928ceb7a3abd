import Foundation
@testable import NativeAuth
import Testing

/// ``RetryPolicy``'s waits as its documentation and docs/PROTOCOL.md §1.4 state them.
@Suite("Retry policy")
struct RetryPolicyTests {
    let policy = RetryPolicy.default

    @Test("A 429 waits its Retry-After seconds, up to the maximum; a longer one is not retried")
    func retryAfter() {
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 429, headers: ["Retry-After": "3"]))) == .seconds(3))
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 429, headers: ["Retry-After": "10"]))) == .seconds(10))
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 429, headers: ["Retry-After": "11"]))) == nil)
    }

    @Test("A 429 without a readable Retry-After is retried after the server-error delay")
    func noRetryAfter() {
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 429))) == .milliseconds(500))
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 429, headers: ["Retry-After": "Fri, 27 Nov 2026 10:00:00 GMT"]))) == .milliseconds(500))
    }

    @Test("A 429 of a refresh-token grant is retried as any other")
    func refreshGrant() {
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 429, headers: ["Retry-After": "2"])), replayable: false) == .seconds(2))
        #expect(policy.delayBeforeRetry(after: .success(HTTPResponse(status: 503)), replayable: false) == nil)
    }
}
