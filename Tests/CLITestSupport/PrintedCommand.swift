/// A command `nativeauth` printed for a person to copy, read back as a POSIX shell reads it, so a
/// test can run it and see where it goes.
public enum PrintedCommand {
    /// The words after `nativeauth` of the first command printed after `marker` in `text`. The
    /// command ends at the end of its line, or at a backquote or `(` outside quotes (the sentence
    /// around it); nil when `marker` or the command is not there.
    public static func words(in text: String, after marker: String) -> [String]? {
        guard let found = text.range(of: marker),
              let start = text[found.upperBound...].range(of: "nativeauth ") else { return nil }
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var escaped = false
        for character in text[start.upperBound...] {
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
                continue
            }
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if character == "\n" || character == "`" || character == "(" { break }
            switch character {
            case "'":
                quoted = true
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            case " ":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            default:
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
