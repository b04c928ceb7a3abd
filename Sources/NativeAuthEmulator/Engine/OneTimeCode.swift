import Foundation
import NativeAuthShared

/// Sending and checking a flow's one-time code (sign-in's `oob` grant checks its own inline, under
/// the guessing limit): codes are bound to their flow, expire, a new one replaces the old,
/// and the wrong attempt that uses up `maxCodeAttempts` locks the flow.
enum OneTimeCode {
    /// Puts a new `code` on `flow` (rotating nothing else), records it in the outbox, and returns the
    /// OTP block (docs/PROTOCOL.md §6.2, §7.2) with `continuationToken`, and the "email" to show.
    static func send(
        _ code: String, flow: inout FlowRecord, username: String, continuationToken: String,
        state: inout EmulatorState, now: Double, configuration: EmulatorConfiguration
    ) -> (CodeSentAnswer, SentCode) {
        flow.stage = .awaitingCode
        flow.codeHash = SignInService.codeDigest(code, flowId: flow.id)
        flow.codeExpiresAt = now + configuration.codeLifetime
        state.recordSentCode(SentCodeRecord(code: code, flowId: flow.id, sentAt: now, expiresAt: now + configuration.codeLifetime),
                             userKey: flow.userKey)
        let masked = EmailMasking.mask(username)
        let sent = SentCode(username: username, maskedTarget: masked, code: code,
                            expiresAt: Date(timeIntervalSince1970: now + configuration.codeLifetime))
        let body = CodeSentAnswer(continuationToken: continuationToken, channel: "email", label: masked, codeLength: code.count)
        return (body, sent)
    }

    /// Returns when `code` is the flow's current code; else counts the attempt on `flow` and throws
    /// the wrong-code error, or `lockedOut` when this attempt uses up `maxAttempts` (the flow is then
    /// locked). An expired or missing code is the expired-code error. The caller keeps `flow` either way.
    static func check(_ code: String, flow: inout FlowRecord, now: Double, maxAttempts: Int, lockedOut: ProtocolError) throws(ProtocolError) {
        guard let expiry = flow.codeExpiresAt, now < expiry, let codeHash = flow.codeHash else {
            throw ProtocolError.expiredCode
        }
        guard Secrets.constantTimeEquals(SignInService.codeDigest(code, flowId: flow.id), codeHash) else {
            flow.failedAttempts += 1
            if flow.failedAttempts >= maxAttempts {
                flow.stage = .locked
                throw lockedOut
            }
            throw ProtocolError.wrongCode
        }
        flow.codeHash = nil
        flow.codeExpiresAt = nil
    }

    /// ``check(_:flow:now:maxAttempts:lockedOut:)`` within a state change: a wrong code's attempt
    /// counts, so `flow` is kept in `state` before the error is thrown (the change then stores it
    /// although the request fails).
    static func check(_ code: String, flow: inout FlowRecord, state: inout EmulatorState, now: Double, maxAttempts: Int,
                      lockedOut: ProtocolError) throws(ProtocolError) {
        do {
            try check(code, flow: &flow, now: now, maxAttempts: maxAttempts, lockedOut: lockedOut)
        } catch {
            state.flows[flow.id] = flow
            throw error
        }
    }
}
