/// Masks an email address for display and logs, as the service shows a code's target.
///
/// The address splits at its last `@`; the domain at its last `.`. The local part and the domain name
/// before that dot keep their first and last characters with a star for each character between them;
/// the top-level domain stays. A part of two characters or fewer becomes all stars, so nothing of it
/// shows. Text without `@` is masked as one part. A control or bidirectional character among what
/// shows (``TextControls``) is shown as `?`: a masked address goes into logs and onto terminals, and
/// one that starts with U+202E must not turn the rest of a log line around.
///
/// | address | masked |
/// |---|---|
/// | `alice@example.com` | `a***e@e*****e.com` |
/// | `a@b.co` | `*@*.co` |
/// | `first.last@mail.example.co.uk` | `f********t@m*************o.uk` |
/// | `alice` | `a***e` |
package enum EmailMasking {
    /// The masked form of `address`.
    package static func mask(_ address: String) -> String {
        TextControls.replacingControls(in: masked(address))
    }

    private static func masked(_ address: String) -> String {
        guard let at = address.lastIndex(of: "@") else { return maskPart(address[...]) }
        let local = address[..<at]
        let domain = address[address.index(after: at)...]
        guard let dot = domain.lastIndex(of: ".") else { return maskPart(local) + "@" + maskPart(domain) }
        return maskPart(local) + "@" + maskPart(domain[..<dot]) + String(domain[dot...])
    }

    /// First and last character with stars between; all stars for two characters or fewer.
    private static func maskPart(_ part: Substring) -> String {
        let count = part.count
        guard count > 2, let first = part.first, let last = part.last else { return String(repeating: "*", count: count) }
        return String(first) + String(repeating: "*", count: count - 2) + String(last)
    }
}
