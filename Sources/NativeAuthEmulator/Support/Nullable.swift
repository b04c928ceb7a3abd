/// A member that is always written, as JSON `null` when it has no value (a synthesized `Encodable`
/// leaves out a nil optional): the members the service sends as `null`, such as Graph's `givenName`.
struct Nullable<Wrapped: Encodable & Sendable>: Encodable, Sendable {
    var value: Wrapped?

    init(_ value: Wrapped?) {
        self.value = value
    }

    /// Always `null`.
    static var null: Nullable { Nullable(nil) }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let value { try container.encode(value) } else { try container.encodeNil() }
    }
}
