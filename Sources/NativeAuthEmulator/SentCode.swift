import Foundation
import NativeAuthShared

/// A one-time code the emulator "sent by email" (or, for a second factor, "by SMS"). Nothing leaves the machine: the code is handed to
/// ``EmulatorConfiguration/onCodeSent`` and kept for `GET /_emulator/codes`.
public struct SentCode: Sendable, Equatable {
    /// The user the code was sent to.
    public var username: String
    /// The masked address, as the service shows it (`a***e@e*****e.com`).
    public var maskedTarget: String
    /// The code itself.
    public var code: String
    /// When the code stops being accepted (emulator clock).
    public var expiresAt: Date
    /// How it was "sent": `email`, or `sms` (a second factor's, or a number being registered).
    public var channel: String
    /// Whether the code was sent by the emulator's own sign-in page (a browser or device-code
    /// sign-in, whose user types the address on the page), not through the protocol endpoints.
    public var fromWebPage: Bool

    /// Creates a sent-code record.
    public init(username: String, maskedTarget: String, code: String, expiresAt: Date, channel: String = "email", fromWebPage: Bool = false) {
        self.username = username
        self.maskedTarget = maskedTarget
        self.code = code
        self.expiresAt = expiresAt
        self.channel = channel
        self.fromWebPage = fromWebPage
    }

    /// Whether the code went by SMS.
    public var isSMS: Bool { channel == "sms" }

    /// The console line: `to a***e@e*****e.com: code 12345678 (expires 2026-01-01T10:25:00Z)`, or
    /// `SMS to +1*********0: code …` for a text message. A control character in the target
    /// (``NativeAuthShared/TextControls``; usernames with one are refused, but a seed or an older
    /// state may hold one) is shown as `?`.
    public var consoleLine: String {
        let target = TextControls.replacingControls(in: maskedTarget)
        return (isSMS ? "SMS " : "") + "to \(target): code \(code) (expires \(Timestamps.iso8601(expiresAt.timeIntervalSince1970)))"
    }

    /// The default ``EmulatorConfiguration/onCodeSent``: prints ``consoleLine`` to standard error.
    public static let printToStandardError: @Sendable (SentCode) -> Void = { sent in
        FileHandle.standardError.write(Data((sent.consoleLine + "\n").utf8))
    }

    /// Masks an email address as the service shows a code's target (see `EmailMasking`):
    /// `alice@example.com` becomes `a***e@e*****e.com`.
    public static func mask(_ address: String) -> String {
        EmailMasking.mask(address)
    }
}
