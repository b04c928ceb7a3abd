import Foundation
import NativeAuthShared
import Testing

@Suite("TrimmedCharacters")
struct TrimmedCharactersTests {
    private static let samples = [
        "", " ", "  a b  ", "\t a\t", "\n a \r\n", "\u{A0}a\u{2003}", "\u{2028}a\u{2029}", "\u{85}a\u{0B}\u{0C}",
        "a", "é ", " \u{301}a", "  ✓ ✓  ", "\u{200B}a\u{200B}", "[::1]", "[[a]]",
    ]

    @Test("trims what Foundation's trimmingCharacters(in:) trims", arguments: samples)
    func matchesFoundation(_ text: String) {
        #expect(text.trimmed(.whitespaces) == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmed(.whitespacesAndNewlines) == text.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(text.trimmed(TrimmedCharacters("[]")) == text.trimmingCharacters(in: CharacterSet(charactersIn: "[]")))
    }

    @Test func trimsOnlyTheEnds() {
        #expect("  a  b  ".trimmed(.whitespaces) == "a  b")
        #expect(" \n a \n ".trimmed(.whitespaces) == "\n a \n")
        #expect(" \n a \n ".trimmed(.whitespacesAndNewlines) == "a")
        #expect("   ".trimmed(.whitespaces).isEmpty)
    }

    @Test func trimsSubstrings() {
        let line = "name : value"
        let colon = line.firstIndex(of: ":")!
        #expect(line[..<colon].trimmed(.whitespaces) == "name")
        #expect(line[line.index(after: colon)...].trimmed(.whitespaces) == "value")
    }

    @Test func aPredicateChoosesTheScalars() {
        let digits = TrimmedCharacters { ("0"..."9").contains($0) }
        #expect("12ab34".trimmed(digits) == "ab")
        #expect(digits.contains("5"))
        #expect(!digits.contains("a"))
    }
}

extension TrimmedCharactersTests {
    @Test func theWhiteSpaceSetsAreFoundations() {
        // Every scalar of the Basic Multilingual Plane (the others are not white space).
        let scalars = (UInt32(0)...0xFFFF).compactMap(Unicode.Scalar.init)
        let spaces = CharacterSet.whitespaces, spacesAndNewlines = CharacterSet.whitespacesAndNewlines
        let differing = scalars.filter {
            TrimmedCharacters.whitespaces.contains($0) != spaces.contains($0)
                || TrimmedCharacters.whitespacesAndNewlines.contains($0) != spacesAndNewlines.contains($0)
        }
        #expect(differing.isEmpty, "\(differing.map { "U+" + String($0.value, radix: 16) })")
        #expect(scalars.contains { TrimmedCharacters.whitespacesAndNewlines.contains($0) && !TrimmedCharacters.whitespaces.contains($0) })
    }
}
