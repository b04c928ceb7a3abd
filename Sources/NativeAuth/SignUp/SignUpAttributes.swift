#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// User attributes as the app gives them (`[String: Any]`, as in MSAL), converted once, when they are
/// set, into a JSON object: the `Sendable` form the library keeps and sends (`attributes` is one form
/// field holding that object as text, members sorted by name so the form is stable).
///
/// Values of the JSON types convert: `String`, `Bool`, the integer and floating-point types (finite),
/// `NSNumber`, `NSNull` and `nil`, and arrays and `[String: Any]` dictionaries of them. Anything else
/// (a `Date`, a `URL`, a `Substring`, a struct) is not sent: ``problem`` says which attribute and
/// type, and the step that would send it fails locally. Sizes are bounded too.
struct SignUpAttributes: Sendable {
    /// At most this many attributes in one request.
    static let maximumCount = 64
    /// The longest attribute name (custom ones are `extension_<app id>_<name>`).
    static let maximumNameLength = 256
    /// The largest `attributes` field, as UTF-8 JSON text.
    static let maximumSize = 16 * 1024
    /// The deepest nesting of arrays and objects in one value.
    static let maximumDepth = 8

    /// The attributes that convert, sorted by name.
    let members: [(String, JSONValue)]
    /// Why the attributes cannot be sent; nil when they can.
    let problem: String?

    init(_ attributes: [String: Any]) {
        var members: [(String, JSONValue)] = []
        var problem: String?
        if attributes.count > Self.maximumCount {
            problem = "There are \(attributes.count) attributes; at most \(Self.maximumCount) can be sent."
        }
        for name in attributes.keys.sorted() {
            guard let json = Self.json(attributes[name] as Any, depth: 0) else {
                problem = problem ?? "The attribute '\(Self.printable(name))' has a value of type \(type(of: attributes[name]!)), "
                    + "which is not a JSON type (String, a number, Bool, NSNull, or arrays and [String: Any] dictionaries of them)."
                continue
            }
            if name.isEmpty || name.count > Self.maximumNameLength || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                problem = problem ?? "The attribute name '\(Self.printable(name))' is empty, has control characters, "
                    + "or is longer than \(Self.maximumNameLength) characters."
                continue
            }
            members.append((name, json))
        }
        self.members = members
        let size = JSONValue.object(members).serialized().utf8.count
        if problem == nil, size > Self.maximumSize {
            problem = "The attributes take \(size) bytes as JSON; at most \(Self.maximumSize) can be sent."
        }
        self.problem = problem
    }

    /// The `attributes` form field: a JSON object as text.
    var formValue: String { JSONValue.object(members).serialized() }

    /// The attributes that convert, as `[String: Any]` again (numbers as `Int` or `Double`, null as `nil`:
    /// see ``JSONValue/anyValue``).
    var dictionary: [String: Any] {
        Dictionary(uniqueKeysWithValues: members.map { ($0.0, $0.1.anyValue) })
    }

    /// The JSON form of one value, or nil when it is not of a JSON type (or nested too deeply).
    static func json(_ value: Any, depth: Int) -> JSONValue? {
        guard depth <= maximumDepth else { return nil }
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let wrapped = mirror.children.first?.value else { return .null }
            return json(wrapped, depth: depth)
        }
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool where type(of: value) == Bool.self: return .bool(flag)
        case let number as Int: return .int(number)
        case let number as Int8: return .int(Int(number))
        case let number as Int16: return .int(Int(number))
        case let number as Int32: return .int(Int(number))
        case let number as Int64: return .int(Int(number))
        case let number as UInt8: return .int(Int(number))
        case let number as UInt16: return .int(Int(number))
        case let number as UInt32: return .int(Int(number))
        case let number as UInt: return Int(exactly: number).map(JSONValue.int)
        case let number as UInt64: return Int(exactly: number).map(JSONValue.int)
        case let number as Double: return number.isFinite ? .double(number) : nil
        case let number as Float: return number.isFinite ? .double(Double(number)) : nil
        // An `NSNumber` of the caller's Foundation is matched above: Swift's dynamic casts bridge it to
        // `Int` (when integral) or `Double` wherever Foundation is loaded.
        case _ where isNull(value): return .null
        case let array as [Any]:
            var items: [JSONValue] = []
            for item in array {
                guard let converted = json(item, depth: depth + 1) else { return nil }
                items.append(converted)
            }
            return .array(items)
        case let object as [String: Any]:
            var members: [(String, JSONValue)] = []
            for key in object.keys.sorted() {
                guard let converted = json(object[key] as Any, depth: depth + 1) else { return nil }
                members.append((key, converted))
            }
            return .object(members)
        default:
            return nil
        }
    }

    /// Whether `value` is Foundation's `NSNull`. On Linux this module uses FoundationEssentials, which
    /// has no `NSNull`, so the caller's one (the caller imports Foundation) is recognised by its type's
    /// name.
    private static func isNull(_ value: Any) -> Bool {
        #if canImport(FoundationEssentials)
        String(reflecting: type(of: value)) == "Foundation.NSNull"
        #else
        value is NSNull
        #endif
    }

    /// A name as it can be shown in a sentence: control characters escaped, at most 64 characters.
    private static func printable(_ name: String) -> String {
        let escaped = name.unicodeScalars.map { $0.properties.generalCategory == .control ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
        return escaped.count > 64 ? String(escaped.prefix(64)) + "…" : escaped
    }
}
