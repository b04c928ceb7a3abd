/// Words as a POSIX shell reads them back, for the commands `nativeauth` and `nativeauth-emulator`
/// print for a person to copy.
///
/// ```swift
/// ShellWord.quoted("alice@example.com")   // alice@example.com
/// ShellWord.quoted("/tmp/my state")       // '/tmp/my state'
/// ShellWord.quoted("it's")                // 'it'\''s'
/// ```
package enum ShellWord {
    /// `word` as it is when it is plain (letters, digits and `@%+=:,./-_`), else in single quotes,
    /// with each `'` written as `'\''`. The empty word is `''`.
    package static func quoted(_ word: String) -> String {
        let plain = word.allSatisfy { $0.isLetter || $0.isNumber || "@%+=:,./-_".contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// The words quoted and joined by spaces: a command line.
    package static func commandLine(_ words: [String]) -> String {
        words.map(quoted).joined(separator: " ")
    }
}
