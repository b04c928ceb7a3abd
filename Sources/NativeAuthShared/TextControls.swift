/// The characters that must never reach a terminal from text the program did not write itself:
/// they move the cursor, retitle the window, clear the screen, start a forged line, or reorder
/// what is shown.
///
/// - C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F, among them the
///   8-bit CSI U+009B): general category Cc;
/// - the bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069;
/// - the line and paragraph separators U+2028 and U+2029.
///
/// ``replacingControls(in:keeping:with:)`` is the one place they are replaced for a terminal: the
/// CLI's `TerminalText`, the emulator's code lines and `nativeauth-emulator`'s output all call it. The
/// emulator also refuses them in usernames; the library keeps names as the server sent them.
package enum TextControls {
    /// Whether `scalar` is one of them.
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        case 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Whether `text` holds one of them.
    package static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// The controls that stay when the others are replaced: what lays text out, and nothing that
    /// moves the cursor elsewhere or writes over a line.
    package enum Layout: Sendable {
        /// None: every control is replaced.
        case none
        /// Line feeds (a program's own line breaks).
        case lineFeeds
        /// Line feeds, tabs, and a carriage return right before a line feed (`\r\n`): the layout of
        /// a text of several lines a server wrote to be read as it is.
        case lineFeedsTabsAndCRLF
    }

    /// `text` with every control replaced by `replacement` (`?`: plain ASCII, shown the same in every
    /// terminal and locale); with `keepingLineFeeds`, line feeds (a program's own line breaks) stay.
    package static func replacingControls(in text: String, keepingLineFeeds: Bool = false, with replacement: Unicode.Scalar = "?") -> String {
        replacingControls(in: text, keeping: keepingLineFeeds ? .lineFeeds : .none, with: replacement)
    }

    /// `text` with every control replaced by `replacement` but those of `layout`.
    package static func replacingControls(in text: String, keeping layout: Layout, with replacement: Unicode.Scalar = "?") -> String {
        guard containsControl(text) else { return text }
        let scalars = Array(text.unicodeScalars)
        var kept = String.UnicodeScalarView()
        for (index, scalar) in scalars.enumerated() {
            let stays: Bool
            switch layout {
            case .none: stays = false
            case .lineFeeds: stays = scalar == "\n"
            case .lineFeedsTabsAndCRLF:
                stays = scalar == "\n" || scalar == "\t" || (scalar == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n")
            }
            kept.append(isControl(scalar) && !stays ? replacement : scalar)
        }
        return String(kept)
    }
}
