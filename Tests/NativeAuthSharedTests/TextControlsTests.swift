import NativeAuthShared
import Testing

/// `TextControls`: which characters never reach a terminal, and the one place that replaces them.
@Suite("TextControls")
struct TextControlsTests {
    @Test(arguments: ["\u{1B}", "\u{07}", "\u{7F}", "\u{85}", "\u{9B}", "\u{061C}", "\u{200E}", "\u{200F}", "\u{202A}", "\u{202E}",
                      "\u{2066}", "\u{2069}", "\u{2028}", "\u{2029}", "\r", "\n", "\t", "\u{0}"])
    func everyControlIsReplaced(control: String) {
        #expect(TextControls.containsControl("a" + control + "b"))
        #expect(TextControls.replacingControls(in: "a" + control + "b") == "a?b")
    }

    @Test func lineFeedsStayWhenAskedAndOtherTextIsUntouched() {
        #expect(TextControls.replacingControls(in: "one\ntwo\r\n", keepingLineFeeds: true) == "one\ntwo?\n")
        let names = "Zoë 山田 👩‍💻 שרה"
        #expect(!TextControls.containsControl(names))
        #expect(TextControls.replacingControls(in: names) == names)
        #expect(TextControls.replacingControls(in: "\u{1B}[2J", with: "_") == "_[2J")
    }
}
