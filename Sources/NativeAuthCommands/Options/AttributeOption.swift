/// `--attribute NAME=VALUE`: one user attribute for `signup`, sent with the start (values are text,
/// as the tenant's text boxes send them).
struct AttributeOption: Equatable {
    /// At most this many `--attribute` options.
    static let maximumCount = 64
    static let maximumNameLength = 256
    static let maximumValueLength = 1024

    let name: String
    let value: String

    /// Parses `NAME=VALUE` (split at the first `=`); nil with a reason when it is not one.
    static func parse(_ text: String) -> Result<AttributeOption, AttributeOptionError> {
        guard let equals = text.firstIndex(of: "=") else {
            return .failure(AttributeOptionError("--attribute '\(text.prefix(64))' is not NAME=VALUE, such as --attribute displayName=Carol."))
        }
        let name = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        guard name.wholeMatch(of: /[A-Za-z][A-Za-z0-9_]*/) != nil, name.count <= maximumNameLength else {
            return .failure(AttributeOptionError("--attribute: '\(name.prefix(64))' is not an attribute name (letters, digits and _, such as displayName or extension_<app id>_age)."))
        }
        guard !value.isEmpty, value.count <= maximumValueLength else {
            return .failure(AttributeOptionError("--attribute \(name): the value must have 1 to \(maximumValueLength) characters."))
        }
        return .success(AttributeOption(name: name, value: value))
    }

    /// All the options, by name; a name given twice, or too many options, is an error.
    static func collect(_ texts: [String]) -> Result<[String: String], AttributeOptionError> {
        guard texts.count <= maximumCount else {
            return .failure(AttributeOptionError("At most \(maximumCount) --attribute options can be given."))
        }
        var values: [String: String] = [:]
        for text in texts {
            switch parse(text) {
            case .failure(let error): return .failure(error)
            case .success(let option):
                guard values[option.name] == nil else {
                    return .failure(AttributeOptionError("--attribute \(option.name) is given twice: give each attribute once."))
                }
                values[option.name] = option.value
            }
        }
        return .success(values)
    }
}

/// Why an `--attribute` option is not usable (a usage error).
struct AttributeOptionError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
