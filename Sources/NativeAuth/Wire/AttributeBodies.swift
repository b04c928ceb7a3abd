// The sign-up attribute lists inside protocol errors, decoded leniently: an entry of another shape
// is dropped (the flow then decides whether what is left is usable).

/// One entry of `required_attributes`: `{"name", "type", "required", "options": {"regex"}}`.
struct RequiredAttributeBody: Sendable, Equatable, Decodable {
    let name: String?
    let type: String?
    let required: Bool?
    let regex: String?

    enum CodingKeys: String, CodingKey { case name, type, required, options }
    enum OptionKeys: String, CodingKey { case regex }

    init(name: String?, type: String?, required: Bool?, regex: String?) {
        self.name = name
        self.type = type
        self.required = required
        self.regex = regex
    }

    /// Never fails: an entry that is not an object decodes with every field absent (and is dropped).
    init(from decoder: any Decoder) throws {
        let container = try? decoder.container(keyedBy: CodingKeys.self)
        name = try? container?.decodeIfPresent(String.self, forKey: .name)
        type = try? container?.decodeIfPresent(String.self, forKey: .type)
        required = try? container?.decodeIfPresent(Bool.self, forKey: .required)
        let options = try? container?.nestedContainer(keyedBy: OptionKeys.self, forKey: .options)
        regex = try? options?.decodeIfPresent(String.self, forKey: .regex)
    }
}

/// One entry of `invalid_attributes` (or `unverified_attributes`): `{"name": …}`, or a bare name.
struct AttributeName: Sendable, Decodable {
    let name: String?

    enum CodingKeys: String, CodingKey { case name }

    init(from decoder: any Decoder) throws {
        if let bare = try? decoder.singleValueContainer().decode(String.self) {
            name = bare
        } else {
            name = try? decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .name)
        }
    }
}
