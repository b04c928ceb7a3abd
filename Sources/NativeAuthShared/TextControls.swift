/// The characters that must never reach a terminal from text the program did not write itself:
/// they move the cursor, retitle the window, clear the screen, start a forged line, or reorder
/// what is shown.
///
/// - C0 controls (U+0000–U+001F), DEL (U+007F) and C1 controls (U+0080–U+009F, among them the
///   8-bit CSI U+009B): general category Cc;
/// - the bidirectional controls U+061C, U+200E, U+200F, U+202A–U+202E and U+2066–U+2069;
/// - the line and paragraph separators U+2028 and U+2029.
///
/// The CLI replaces them when it prints (`TerminalText` in NativeAuthCommands), the library refuses
/// an ID token whose user names hold one, and the emulator refuses them in usernames.
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
}
