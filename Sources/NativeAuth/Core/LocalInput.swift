import NativeAuthShared

/// The checks a flow makes on what the user typed before anything is sent: a username, a one-time
/// code, a new password. A refusal is the library's sentence; the step then fails locally with it.
enum LocalInput {
    /// The longest username sent.
    static let maximumUsernameLength = 320
    /// The longest password sent (the service's policy allows 256 characters; the server says so).
    static let maximumPasswordLength = 1024

    /// What a check came to: the value to send, and why nothing may be sent (nil when it may).
    struct Checked: Equatable {
        let value: String
        let problem: String?
    }

    /// A username, trimmed: not empty, at most ``maximumUsernameLength`` characters.
    static func username(_ raw: String) -> Checked {
        let username = raw.trimmed(.whitespacesAndNewlines)
        if username.isEmpty { return Checked(value: username, problem: "The username is empty.") }
        if username.count > maximumUsernameLength {
            return Checked(value: username, problem: "The username is longer than \(maximumUsernameLength) characters.")
        }
        return Checked(value: username, problem: nil)
    }

    /// A one-time code, trimmed: not empty, at most ``ChallengeAnswer/maximumCodeLength`` characters.
    static func code(_ raw: String) -> Checked {
        let code = raw.trimmed(.whitespacesAndNewlines)
        if code.isEmpty { return Checked(value: code, problem: "The code is empty.") }
        if code.count > ChallengeAnswer.maximumCodeLength {
            return Checked(value: code, problem: "The code is longer than \(ChallengeAnswer.maximumCodeLength) characters.")
        }
        return Checked(value: code, problem: nil)
    }

    /// A password as typed (never trimmed): not empty, at most ``maximumPasswordLength`` characters.
    static func password(_ password: String) -> Checked {
        if password.isEmpty { return Checked(value: password, problem: "The password is empty.") }
        if password.count > maximumPasswordLength {
            return Checked(value: password, problem: "The password is longer than \(maximumPasswordLength) characters.")
        }
        return Checked(value: password, problem: nil)
    }
}
