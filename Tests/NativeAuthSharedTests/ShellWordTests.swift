#if canImport(Glibc)
import Foundation
@testable import NativeAuthShared
import Testing

/// `ShellWord`: what a real `/bin/sh` reads back from a quoted word is the word.
@Suite(.timeLimit(.minutes(10)))
struct ShellWordTests {
    private func shellReadsBack(_ commandLine: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "for word in \(commandLine); do printf '[%s]' \"$word\"; done"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: ["alice@example.com", "/tmp/state-1/x.json", "", "two words", "it's", "'", "$HOME", "a\"b\\c",
                      "`id`", "$(id)", "tab\there", "new\nline", "*", "~", "naïve", "--scope=a b", "#comment", "a;b|c&d",
                      "x@y.com\u{0D4E}>/tmp/out", "a\u{0D4E};id", "b\u{0301}|c", "\u{0D4E}$(id)", "zo\u{00EB}@example.com"])
    func aQuotedWordReadsBackAsItself(word: String) throws {
        #expect(try shellReadsBack(ShellWord.quoted(word)) == "[\(word)]")
    }

    @Test func plainWordsStayUnquoted() {
        #expect(ShellWord.quoted("alice@example.com") == "alice@example.com")
        #expect(ShellWord.quoted("--store-dir=/a/b_c-d.e,f:g+h%i") == "--store-dir=/a/b_c-d.e,f:g+h%i")
        #expect(ShellWord.quoted("") == "''")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
    }

    /// A grapheme cluster that starts with a letter is not plain: a scalar that joins the next one
    /// (U+0D4E, or a combining mark after a letter) must not carry a shell operator unquoted.
    @Test(arguments: ["x@y.com\u{0D4E}>/tmp/out", "a\u{0D4E};id", "e\u{0301}&id", "\u{0D4E} x", "zo\u{00EB}@example.com"])
    func aWordWithScalarsBeyondASCIIIsQuoted(word: String) {
        #expect(ShellWord.quoted(word).hasPrefix("'"))
    }

    @Test func aCommandLineKeepsEachWordApart() throws {
        let words = ["nativeauth", "signin", "--store-dir", "/tmp/my state", "it's me"]
        #expect(try shellReadsBack(ShellWord.commandLine(words)) == words.map { "[\($0)]" }.joined())
    }
}
#endif
