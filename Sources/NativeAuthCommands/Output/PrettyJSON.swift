import NativeAuthShared

/// JSON text laid out as the CLI's `--json` output always was (Foundation's `JSONSerialization` on
/// Linux with `.sortedKeys`, `.prettyPrinted` and `.withoutEscapingSlashes`), written without
/// Foundation: two spaces of indent per level, `"key" : value`, an empty array or object as `[`, a
/// blank line and `]`; keys sorted as ``precedes(_:_:)`` says; strings escaped by the package's one
/// escaper in its terminal form (`JSONValue.appendString(_:to:escaping:)`): `"`, `\` and the C0
/// controls as `JSONSerialization` escapes them (`\n`, `\t`, `\b`, … or `\u001b`), every other
/// terminal control as `\uXXXX` (which `JSONSerialization` wrote as it is), `/` and everything else
/// as it is; a whole double without its `.0`.
///
/// ```swift
/// PrettyJSON.text(of: .object([("b", 1), ("a", .array([]))]))
/// // {
/// //   "a" : [
/// //
/// //   ],
/// //   "b" : 1
/// // }
/// ```
enum PrettyJSON {
    /// `value` as pretty-printed text (no newline at the end).
    static func text(of value: JSONValue) -> String {
        var out = ""
        write(value, indent: "", into: &out)
        return out
    }

    /// The order of keys: case-insensitive, runs of digits compared as numbers (`a9` before `a10`),
    /// and between keys that differ only in case, the lower-case one first (`b` before `B`; `a9` before
    /// `a09`), as
    /// `JSONSerialization`'s `.sortedKeys` orders ASCII keys. Within the ASCII range punctuation comes
    /// before digits and digits before letters; other characters after them, by scalar value.
    static func precedes(_ left: String, _ right: String) -> Bool {
        var lhs = left.unicodeScalars[...], rhs = right.unicodeScalars[...]
        while let l = lhs.first, let r = rhs.first {
            if isDigit(l), isDigit(r) {
                let leftDigits = lhs.prefix(while: isDigit), rightDigits = rhs.prefix(while: isDigit)
                let leftNumber = leftDigits.drop { $0 == "0" }, rightNumber = rightDigits.drop { $0 == "0" }
                if leftNumber.count != rightNumber.count { return leftNumber.count < rightNumber.count }
                if let (a, b) = zip(leftNumber, rightNumber).first(where: { $0 != $1 }) { return a.value < b.value }
                lhs = lhs.dropFirst(leftDigits.count)
                rhs = rhs.dropFirst(rightDigits.count)
                continue
            }
            let a = rank(l), b = rank(r)
            if a != b { return a < b }
            lhs = lhs.dropFirst()
            rhs = rhs.dropFirst()
        }
        if lhs.isEmpty != rhs.isEmpty { return lhs.isEmpty }
        // Equal but for leading zeros (fewer first: `a9`, `a09`) or case (the first difference decides,
        // lower case first).
        if left.unicodeScalars.count != right.unicodeScalars.count { return left.unicodeScalars.count < right.unicodeScalars.count }
        for (l, r) in zip(left.unicodeScalars, right.unicodeScalars) where l != r {
            if l.properties.isLowercase != r.properties.isLowercase { return l.properties.isLowercase }
            return l.value < r.value
        }
        return false
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// Where a scalar sorts, case aside: ASCII punctuation and symbols, then digits, then letters,
    /// then the rest.
    private static func rank(_ scalar: Unicode.Scalar) -> (Int, UInt32) {
        let folded = scalar.properties.lowercaseMapping.unicodeScalars.first ?? scalar
        guard folded.isASCII else { return (3, folded.value) }
        if isDigit(folded) { return (1, folded.value) }
        if ("a"..."z").contains(folded) { return (2, folded.value) }
        return (0, folded.value)
    }

    private static func write(_ value: JSONValue, indent: String, into out: inout String) {
        switch value {
        case .string(let text): writeString(text, into: &out)
        case .int(let number): out += String(number)
        case .double(let number):
            let text = "\(number)"
            out += text.hasSuffix(".0") ? String(text.dropLast(2)) : text
        case .bool(let flag): out += flag ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            writeContainer("[", "]", items, indent: indent, into: &out) { item, inner, out in
                write(item, indent: inner, into: &out)
            }
        case .object(let members):
            let sorted = members.sorted { precedes($0.0, $1.0) }
            writeContainer("{", "}", sorted, indent: indent, into: &out) { member, inner, out in
                writeString(member.0, into: &out)
                out += " : "
                write(member.1, indent: inner, into: &out)
            }
        }
    }

    private static func writeContainer<Element>(
        _ open: String, _ close: String, _ elements: [Element], indent: String, into out: inout String,
        element: (Element, String, inout String) -> Void
    ) {
        let inner = indent + "  "
        out += open + "\n"
        for (index, item) in elements.enumerated() {
            if index > 0 { out += ",\n" }
            out += inner
            element(item, inner, &out)
        }
        out += "\n" + indent + close
    }

    private static func writeString(_ text: String, into out: inout String) {
        JSONValue.appendString(text, to: &out, escaping: .terminal)
    }
}
