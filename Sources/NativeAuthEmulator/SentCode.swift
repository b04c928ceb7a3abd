import Foundation

/// A one-time code the emulator "sent by email". Nothing leaves the machine: the code is handed to
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

    /// Creates a sent-code record.
    public init(username: String, maskedTarget: String, code: String, expiresAt: Date) {
        self.username = username
        self.maskedTarget = maskedTarget
        self.code = code
        self.expiresAt = expiresAt
    }

    /// The console line: `to a***e@e*****e.com: code 12345678 (expires 2026-01-01T10:25:00Z)`.
    public var consoleLine: String {
        "to \(maskedTarget): code \(code) (expires \(Timestamps.iso8601(expiresAt.timeIntervalSince1970)))"
    }

    /// The default ``EmulatorConfiguration/onCodeSent``: prints ``consoleLine`` to standard error.
    public static let printToStandardError: @Sendable (SentCode) -> Void = { sent in
        FileHandle.standardError.write(Data((sent.consoleLine + "\n").utf8))
    }

    /// Masks an email address: first and last character of the local part and of the domain name,
    /// stars between them, then the top-level domain. Parts of two characters or fewer are all stars.
    /// `alice@example.com` becomes `a***e@e*****e.com`.
    public static func mask(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return maskPart(address) }
        let local = String(address[..<at])
        let domain = String(address[address.index(after: at)...])
        let maskedDomain: String
        if let dot = domain.lastIndex(of: ".") {
            let name = String(domain[..<dot])
            maskedDomain = maskPart(name) + String(domain[dot...])
        } else {
            maskedDomain = maskPart(domain)
        }
        return maskPart(local) + "@" + maskedDomain
    }

    private static func maskPart(_ part: String) -> String {
        let characters = Array(part)
        guard characters.count > 2 else { return String(repeating: "*", count: characters.count) }
        return String(characters[0]) + String(repeating: "*", count: characters.count - 2) + String(characters[characters.count - 1])
    }
}
