extension JSONValue {
    /// The value in the shape Foundation's `JSONSerialization` gives: `String`, `Int` (a number that
    /// fits), `Double`, `Bool`, `[Any]` and `[String: Any]`. A JSON `null` is `nil` boxed in `Any`
    /// (`Optional<Any>.none`, which `as? String` and the like do not match): NativeAuth uses
    /// FoundationEssentials on Linux, which has no `NSNull`.
    ///
    /// ```swift
    /// JSONValue.decoded(from: payload)?.anyValue as? [String: Any]
    /// ```
    package var anyValue: Any {
        switch self {
        case .string(let value): return value
        case .int(let value): return value
        case .double(let value): return value
        case .bool(let value): return value
        case .null: return Optional<Any>.none as Any
        case .array(let items): return items.map(\.anyValue)
        case .object(let members): return Dictionary(members.map { ($0.0, $0.1.anyValue) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
