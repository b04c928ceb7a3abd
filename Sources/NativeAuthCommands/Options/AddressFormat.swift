import NativeAuthShared

/// What `signin`, `signup` and `reset-password` accept as an email address, checked before anything
/// is sent: one `@` with something on each side, no white space, no control character, at most
/// ``maximumLength`` characters. Anything else (a password typed where the address goes, `alice@`,
/// `not-an-email`) is a usage error (exit 2), so the server never sees it as a username.
enum AddressFormat {
    /// The longest address accepted (RFC 5321's limit on a path, with room to spare).
    static let maximumLength = 320

    /// What an address looks like, for the sentences.
    static let example = "an email address such as alice@example.com"

    /// Why `value` (trimmed of white space at both ends) is not an address; nil when it is one. The
    /// value itself is never quoted back: it may be a password typed in the wrong place.
    static func problem(_ value: String) -> String? {
        let trimmed = value.trimmed(.whitespaces)
        if trimmed.unicodeScalars.count > maximumLength { return "it is over \(maximumLength) characters" }
        if TextControls.containsControl(trimmed) {
            return "it holds a control character"
        }
        if trimmed.contains(where: \.isWhitespace) { return "it holds white space" }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 1 { return "it has no @" }
        if parts.count > 2 { return "it has more than one @" }
        if parts[0].isEmpty { return "nothing comes before the @" }
        if parts[1].isEmpty { return "nothing comes after the @" }
        return nil
    }

    /// The usage error for an `ADDRESS` argument that is not an address; `passwordFlag` adds that
    /// `--password` takes no value (the usual cause of a password in the address's place).
    ///
    /// Checked when the command runs (``SigningInCommand``), not in `validate()`: ArgumentParser
    /// validates before it reports an unknown option, whose value (`--foo v2`) it takes for the
    /// address, and the unknown option is what the person needs to hear about.
    static func checkArgument(_ value: String?, passwordFlag: Bool = false) throws(CLIFailure) {
        guard let value, !value.trimmed(.whitespaces).isEmpty, let problem = problem(value) else { return }
        var message = "ADDRESS is not \(example): \(problem). Nothing was sent."
        if passwordFlag && problem == "it has no @" {
            message += " (--password takes no value: the password is asked for, or read from standard input.)"
        }
        throw CLIFailure(.usage, message)
    }
}
