import Foundation
import NativeAuth
import Testing
@testable import NativeAuthCommands

/// The CLI's one sanitiser (``TerminalText``) and the JSON escaping, without a server.
@Suite struct TerminalTextTests {
    /// Every character ``TerminalText`` replaces, one of each kind.
    static let controls: [Unicode.Scalar] = [
        "\u{00}", "\u{07}", "\u{08}", "\u{09}", "\u{0A}", "\u{0B}", "\u{0C}", "\u{0D}", "\u{1B}", "\u{1F}", "\u{7F}",
        "\u{80}", "\u{85}", "\u{9B}", "\u{9D}", "\u{9F}",
        "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
        "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{2028}", "\u{2029}",
    ]

    @Test(arguments: TerminalTextTests.controls)
    func everyControlIsReplaced(scalar: Unicode.Scalar) {
        let text = "a" + String(Character(scalar)) + "b"
        #expect(TerminalText.sanitized(text) == "a?b")
        #expect(TerminalText.sanitized(text, limit: 2) == "a?")
    }

    @Test func plainTextIsKeptAsItIs() {
        // Accents, CJK, an emoji sequence joined with U+200D, a non-breaking space: no control.
        let text = "Zoë 山田 👩‍💻 a\u{00A0}b <x@y.z> 100% [ok]"
        #expect(TerminalText.sanitized(text) == text)
        #expect(TerminalText.keepingLineFeeds(text) == text)
    }

    @Test func escapeSequencesAreDefused() {
        #expect(TerminalText.sanitized("\u{1B}]0;title\u{07}\u{1B}[2Jx\u{9B}31m") == "?]0;title??[2Jx?31m")
        #expect(TerminalText.sanitized("label\r\nPassword for root: ") == "label??Password for root: ")
    }

    @Test func aServersTextBreaksOnlyAtLineFeeds() {
        let text = "AADSTS1: a\rb\u{0B}c\u{0C}d\u{85}e\u{2028}f\u{2029}g\u{1B}[2J\nTrace ID: t \r\n\n  \r\nCorrelation ID: c\r"
        #expect(TerminalText.lines(text) == ["AADSTS1: a?b?c?d?e?f?g?[2J", "Trace ID: t", "Correlation ID: c?"])
        #expect(TerminalText.lines("\rPassword for root: ") == ["?Password for root:"], "a break at the start is no line of its own")
        #expect(TerminalText.lines(" \n\r\n") == [])
    }

    @Test func theConsoleKeepsOnlyItsOwnLineFeeds() {
        #expect(TerminalText.keepingLineFeeds("one\ntwo\r\n\u{1B}[2J\u{2028}") == "one\ntwo?\n?[2J?")
    }

    @Test func callUsesTheSameSanitiser() {
        let text = "x\u{1B}[2J\u{9B}\u{202E}\u{2028}y"
        #expect(CallOutput.printable(text, limit: 100) == TerminalText.sanitized(text))
        #expect(CallOutput.printable("abcdef", limit: 3) == "abc")
    }

    @Test func theConsoleWritesNoControl() {
        let captured = Captured()
        let environment = CommandEnvironment(
            variables: [:], standardInput: ScriptedInput(), writeOutput: { captured.append($0) }, writeError: { captured.append($0) },
            inputIsTerminal: false, outputIsTerminal: false, now: { Date() }, handlesSignals: false,
            logHandler: { CapturedLogHandler(label: $0, write: { _ in }) })
        let console = environment.console
        console.info("a\u{1B}[2Jb")
        console.result("c\u{9B}d")
        console.prompt("e\u{202E}f\r: ")
        console.report(CLIFailure(.failure, "g\u{1B}]0;t\u{07}", hint: "h\u{2028}i", details: ["j\u{85}k"]), verbose: true)
        #expect(captured.text == "a?[2Jb\nc?d\ne?f?: error: g?]0;t?\nh?i\n  j?k\n")
    }

    @Test func jsonEscapesEveryControl() throws {
        let value = "a\u{1B}]0;t\u{07}\u{7F}\u{85}\u{9B}\u{202E}\u{2066}\u{061C}\u{200F}\u{2028}\u{2029}\r\nb"
        let json = JSONOutput.render(["value": value, "list": [value]])
        #expect(!json.unicodeScalars.contains { $0 != "\n" && (TerminalTextTests.controls.contains($0)) }, "\(json)")
        #expect(json.contains("\\u009b") && json.contains("\\u2028") && json.contains("\\u202e") && json.contains("\\u007f"), "\(json)")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(parsed?["value"] as? String == value)
        #expect((parsed?["list"] as? [String])?.first == value)
    }
}
