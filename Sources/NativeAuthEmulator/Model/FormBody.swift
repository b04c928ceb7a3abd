import Foundation
import NativeAuthShared

/// A strictly parsed `application/x-www-form-urlencoded` body.
///
/// Bad percent-encoding, invalid UTF-8 and repeated fields are errors (the caller answers 400).
struct FormBody: Sendable {
    /// Fields in request order.
    let fields: [(String, String)]

    enum ParseError: Error, CustomStringConvertible {
        case badPercentEncoding
        case invalidUTF8
        case duplicateField(String)

        var description: String {
            switch self {
            case .badPercentEncoding: "the form body has invalid percent-encoding"
            case .invalidUTF8: "the form body is not valid UTF-8"
            case .duplicateField(let name): "the parameter '\(name)' appears more than once"
            }
        }
    }

    init(fields: [(String, String)]) {
        self.fields = fields
    }

    init(parsing bytes: [UInt8]) throws {
        var fields: [(String, String)] = []
        var seen = Set<String>()
        for pair in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Self.decode(parts[0])
            let value = parts.count > 1 ? try Self.decode(parts[1]) : ""
            guard seen.insert(name).inserted else { throw ParseError.duplicateField(name) }
            fields.append((name, value))
        }
        self.fields = fields
    }

    /// The value of a field, or nil when it is absent.
    subscript(name: String) -> String? {
        fields.first { $0.0 == name }?.1
    }

    /// The value of a field, or nil when it is absent or empty (after trimming spaces).
    func nonEmpty(_ name: String) -> String? {
        guard let value = self[name] else { return nil }
        var slice = Substring(value)
        while slice.first == " " || slice.first == "\t" { slice.removeFirst() }
        while slice.last == " " || slice.last == "\t" { slice.removeLast() }
        return slice.isEmpty ? nil : String(slice)
    }

    private static func decode(_ raw: ArraySlice<UInt8>) throws -> String {
        var out = [UInt8]()
        out.reserveCapacity(raw.count)
        var index = raw.startIndex
        while index < raw.endIndex {
            let byte = raw[index]
            switch byte {
            case UInt8(ascii: "+"):
                out.append(UInt8(ascii: " "))
                index += 1
            case UInt8(ascii: "%"):
                guard index + 2 < raw.endIndex,
                      let high = PercentEncoding.hexValue(raw[index + 1]), let low = PercentEncoding.hexValue(raw[index + 2])
                else { throw ParseError.badPercentEncoding }
                out.append(high << 4 | low)
                index += 3
            default:
                out.append(byte)
                index += 1
            }
        }
        guard let text = String(bytes: out, encoding: .utf8) else { throw ParseError.invalidUTF8 }
        return text
    }
}
