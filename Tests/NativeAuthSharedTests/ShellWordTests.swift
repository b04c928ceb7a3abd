#if canImport(Glibc)
import Foundation
@testable import NativeAuthShared
import Testing

/// `ShellWord`: what a real `/bin/sh` reads back from a quoted word is the word.
@Suite(.timeLimit(.minutes(1)))
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
                      "`id`", "$(id)", "tab\there", "new\nline", "*", "~", "naïve", "--scope=a b", "#comment", "a;b|c&d"])
    func aQuotedWordReadsBackAsItself(word: String) throws {
        #expect(try shellReadsBack(ShellWord.quoted(word)) == "[\(word)]")
    }

    @Test func plainWordsStayUnquoted() {
        #expect(ShellWord.quoted("alice@example.com") == "alice@example.com")
        #expect(ShellWord.quoted("--store-dir=/a/b_c-d.e,f:g+h%i") == "--store-dir=/a/b_c-d.e,f:g+h%i")
        #expect(ShellWord.quoted("") == "''")
        #expect(ShellWord.quoted("it's") == #"'it'\''s'"#)
    }

    @Test func aCommandLineKeepsEachWordApart() throws {
        let words = ["nativeauth", "signin", "--store-dir", "/tmp/my state", "it's me"]
        #expect(try shellReadsBack(ShellWord.commandLine(words)) == words.map { "[\($0)]" }.joined())
    }
}
#endif
