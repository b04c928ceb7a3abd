/// Words as a POSIX shell reads them back, for the commands `nativeauth` and `nativeauth-emulator`
/// print for a person to copy.
///
/// ```swift
/// ShellWord.quoted("alice@example.com")   // alice@example.com
/// ShellWord.quoted("/tmp/my state")       // '/tmp/my state'
/// ShellWord.quoted("it's")                // 'it'\''s'
/// ```
package enum ShellWord {
    /// `word` as it is when it is plain (ASCII letters, digits and `@%+=:,./-_`), else in single
    /// quotes, with each `'` written as `'\''`. The empty word is `''`.
    ///
    /// Plain is decided scalar by scalar, in ASCII: a `Character` is a whole grapheme cluster, and a
    /// letter that always joins the scalar after it (U+0D4E, a combining mark) would carry a `>` or a
    /// `;` chosen by a server into a "letter". A word with any other scalar (a name in another
    /// script) is quoted, which a shell reads back the same.
    package static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "@%+=:,./-_".unicodeScalars.contains(scalar))
        }
        return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// The words quoted and joined by spaces: a command line.
    package static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
