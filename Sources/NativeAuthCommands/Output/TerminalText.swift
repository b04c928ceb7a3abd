import NativeAuthShared

/// The one sanitiser of the CLI: text that did not come from the CLI itself (what a server chose,
/// such as a code's `challenge_target_label`, an `error_description`, a device-code `message`, a
/// method's `login_hint`, an attribute's name, the ID token's `name`) made fit for a terminal.
///
/// Every control that ``TextControls`` lists (C0 and C1 controls, DEL, the bidirectional controls,
/// U+2028 and U+2029) becomes `?`: plain ASCII, shown the same in every terminal and locale, and
/// what `call` has always shown. Line breaks are replaced too, so a server's text stays on the line
/// the CLI put it on and cannot forge a line (a `Password for root:` prompt) of its own.
///
/// Two layers use it: the places where server text enters the CLI's sentences (``FailureMapping``,
/// the prompts, `status`) call ``sanitized(_:)``, and ``Console`` passes everything it prints
/// through ``keepingLineFeeds(_:)``, so a field forgotten at the first layer can at worst add a line,
/// never an escape sequence. `--json` output is escaped instead (``JSONOutput``).
enum TerminalText {
    /// What replaces a control.
    static let replacement: Unicode.Scalar = "?"

    /// `text` with every control replaced (line breaks included).
    static func sanitized(_ text: String) -> String {
        TextControls.replacingControls(in: text, with: replacement)
    }

    /// `text`'s first `limit` characters (Unicode scalars), sanitised.
    static func sanitized(_ text: String, limit: Int) -> String {
        sanitized(String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))))
    }

    /// The lines of a server's text of several lines (an `error_description` is the AADSTS line,
    /// then trace, correlation and timestamp lines), trimmed of spaces, sanitised, without the empty
    /// ones. Only a line feed (alone or in `\r\n`) ends a line: every other line break (a carriage
    /// return alone, VT, FF, NEL, U+2028, U+2029) stays in its line as `?`, so the server's text
    /// breaks only where the CLI shows it as broken, never into a line that looks like the CLI's own.
    static func lines(_ text: String) -> [String] {
        text.split { $0 == "\n" || $0 == "\r\n" }
            .map { sanitized($0.trimmed(.whitespaces)) }
            .filter { !$0.isEmpty }
    }

    /// `text` of several lines that a server wrote to be read as it is (the body `call` prints on a
    /// terminal) with every control replaced but its layout: line feeds, tabs, and a carriage return
    /// right before a line feed (`\r\n`). No escape sequence, cursor move or lone carriage return
    /// (which would write over what the line showed) is left.
    static func keepingLayout(_ text: String) -> String {
        TextControls.replacingControls(in: text, keeping: .lineFeedsTabsAndCRLF, with: replacement)
    }

    /// `text` (the CLI's own sentences, which may break lines with a line feed) with every control
    /// but the line feed replaced.
    static func keepingLineFeeds(_ text: String) -> String {
        TextControls.replacingControls(in: text, keepingLineFeeds: true, with: replacement)
    }
}
