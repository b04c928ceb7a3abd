import NativeAuthShared

/// What `signin`, `signup` and `reset-password` accept as an email address, checked before anything
/// is sent: spaces and tabs around it are dropped; then one `@` with something on each side, no white
/// space, no control or format character (U+200B ZERO WIDTH SPACE, U+00AD SOFT HYPHEN, U+202E …:
/// general categories Cc, Cf, Zl and Zp, which a person cannot see), at most ``maximumLength``
/// characters. Anything else (a password typed where the address goes, `alice@`, `not-an-email`)
/// is a usage error (exit 2), so the server never sees it as a username. Display names and the other
/// attributes are not addresses: they take any character.
enum AddressFormat {
    /// The longest address accepted (RFC 5321's limit on a path, with room to spare).
    static let maximumLength = 320

    /// What an address looks like, for the sentences.
    static let example = "an email address such as alice@example.com"

    /// `value` without the spaces and tabs around it: the address as it is checked and sent.
    static func trimmed(_ value: String) -> String {
        value.trimmed(TrimmedCharacters { $0 == " " || $0 == "\t" })
    }

    /// Why `value` (without the spaces and tabs around it) is not an address; nil when it is one. The
    /// value itself is never quoted back (it may be a password typed in the wrong place); an
    /// invisible character is named, with its position.
    static func problem(_ value: String) -> String? {
        let trimmed = trimmed(value)
        if let (position, scalar) = trimmed.unicodeScalars.enumerated().first(where: { isInvisible($0.element) }) {
            return "it holds \(name(of: scalar)) at position \(position + 1), which cannot be seen"
        }
        if trimmed.unicodeScalars.count > maximumLength { return "it is over \(maximumLength) characters" }
        if trimmed.contains(where: \.isWhitespace) { return "it holds white space" }
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 1 { return "it has no @" }
        if parts.count > 2 { return "it has more than one @" }
        if parts[0].isEmpty { return "nothing comes before the @" }
        if parts[1].isEmpty { return "nothing comes after the @" }
        return nil
    }

    /// The address given as an argument, without the spaces and tabs around it; nil when none was
    /// given. An argument given empty, or one that is not an address, is a usage error;
    /// `passwordFlag` adds that `--password` takes no value (the usual cause of a password in the
    /// address's place).
    ///
    /// Checked when the command runs (``SigningInCommand``), not in `validate()`: ArgumentParser
    /// validates before it reports an unknown option, whose value (`--foo v2`) it takes for the
    /// address, and the unknown option is what the person needs to hear about.
    @discardableResult
    static func checkArgument(_ value: String?, passwordFlag: Bool = false) throws(CLIFailure) -> String? {
        guard let value else { return nil }
        if trimmed(value).isEmpty {
            throw CLIFailure(.usage, "The address given is empty. Nothing was sent.",
                             hint: "Give \(example), or leave ADDRESS out to be asked for it.")
        }
        guard let problem = problem(value) else { return trimmed(value) }
        var message = "ADDRESS is not \(example): \(problem). Nothing was sent."
        if passwordFlag && problem == "it has no @" {
            message += " (--password takes no value: the password is asked for, or read from standard input.)"
        }
        throw CLIFailure(.usage, message)
    }

    /// A character a person cannot see in an address: a control, a format character, a line or
    /// paragraph separator.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `U+200B ZERO WIDTH SPACE`: the code point and its Unicode name; a control has none
    /// (`U+0085, a control character,`).
    private static func name(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        guard let name = scalar.properties.name ?? scalar.properties.nameAlias else { return "\(code), a control character," }
        return "\(code) \(name)"
    }
}
