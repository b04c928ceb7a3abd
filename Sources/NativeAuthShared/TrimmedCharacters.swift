/// A set of characters that ``Swift/StringProtocol/trimmed(_:)`` removes from both ends of a string:
/// what Foundation's `trimmingCharacters(in:)` does, without Foundation (NativeAuth uses
/// FoundationEssentials on Linux, which has no `CharacterSet`).
///
/// ```swift
/// "  alice@example.com\n".trimmed(.whitespacesAndNewlines)   // "alice@example.com"
/// "[::1]".trimmed(TrimmedCharacters("[]"))                    // "::1"
/// ```
package struct TrimmedCharacters: Sendable {
    private let includes: @Sendable (Unicode.Scalar) -> Bool

    /// The scalars for which `includes` is true.
    package init(where includes: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.includes = includes
    }

    /// The Unicode scalars of `characters`.
    package init(_ characters: String) {
        let scalars = Set(characters.unicodeScalars)
        includes = { scalars.contains($0) }
    }

    /// Whether `scalar` is in the set.
    package func contains(_ scalar: Unicode.Scalar) -> Bool {
        includes(scalar)
    }

    /// Spaces and tabs: general category Zs, U+0009 and U+200B (zero width space), as Foundation's
    /// `CharacterSet.whitespaces`.
    package static let whitespaces = TrimmedCharacters { scalar in
        scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
    }

    /// ``whitespaces`` and line ends: general categories Zs, Zl and Zp, U+0009 to U+000D, U+0085 and
    /// U+200B, as Foundation's `CharacterSet.whitespacesAndNewlines`.
    package static let whitespacesAndNewlines = TrimmedCharacters { scalar in
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator: return true
        default: return (0x09...0x0D).contains(scalar.value) || scalar.value == 0x85 || scalar.value == 0x200B
        }
    }
}

extension StringProtocol {
    /// The string without the scalars of `characters` at its start and end.
    package func trimmed(_ characters: TrimmedCharacters) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !characters.contains($0) }),
              let last = scalars.lastIndex(where: { !characters.contains($0) })
        else { return "" }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
