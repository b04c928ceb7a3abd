/// A code the embedded emulator "sent": what the command needs to decide whether to show it, and to show it.
package struct EmbeddedCode: Equatable, Sendable {
    /// The user the code was sent to (the flow's username).
    package var username: String
    /// The masked address or number, as the service shows it (`a***e@e*****e.com`).
    package var maskedTarget: String
    /// The code itself.
    package var code: String
    /// Whether it went by text message (a second factor's) rather than email.
    package var isSMS: Bool
    /// Whether the emulator's own sign-in page sent it (a browser or device-code sign-in).
    package var fromWebPage: Bool

    package init(username: String, maskedTarget: String, code: String, isSMS: Bool, fromWebPage: Bool) {
        self.username = username
        self.maskedTarget = maskedTarget
        self.code = code
        self.isSMS = isSMS
        self.fromWebPage = fromWebPage
    }

    /// The line both programs show for the code: `emulator: email to a***e@e*****e.com: code 12345678`
    /// (`text message` for a second factor's code). The caller makes it safe for a terminal.
    package var announcement: String {
        "emulator: \(isSMS ? "text message" : "email") to \(maskedTarget): code \(code)"
    }
}
