import Foundation
import NativeAuthShared

extension OneTimeCode {
    /// Puts a new `code` on `flow` for a strong authentication (a second factor, or a contact being
    /// registered) sent over `channel` to `target`, records it in the outbox under the flow's user,
    /// and returns the "message" to show. The caller builds the answer (its fields differ: MFA
    /// answers `challenge_target_label`, registration `challenge_target`).
    static func send(
        _ code: String, flow: inout FlowRecord, username: String, channel: StrongAuthMethod.Channel, target: String,
        state: inout EmulatorState, now: Double, configuration: EmulatorConfiguration
    ) -> SentCode {
        flow.codeHash = SignInService.codeDigest(code, flowId: flow.id)
        flow.codeExpiresAt = now + configuration.codeLifetime
        state.recordSentCode(SentCodeRecord(code: code, flowId: flow.id, sentAt: now, expiresAt: now + configuration.codeLifetime),
                             userKey: flow.userKey)
        return SentCode(username: username, maskedTarget: ContactRules.mask(target, channel: channel), code: code,
                        expiresAt: Date(timeIntervalSince1970: now + configuration.codeLifetime), channel: channel.rawValue)
    }
}
