import Foundation

/// The JSON text the emulator writes: its answers' bodies, the claims and headers of the tokens it
/// signs, the claims challenges it sends. Compact, members sorted by name, `/` unescaped (URLs read
/// as they are); Foundation's `JSONEncoder` writes it from typed `Encodable` values, so a member's
/// name is a property's coding key and cannot be misspelt at one use.
enum JSONText {
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// `value` as JSON text, UTF-8.
    static func data(_ value: some Encodable) throws -> Data {
        try encoder.encode(value)
    }

    /// `value` as JSON text.
    static func string(_ value: some Encodable) throws -> String {
        String(decoding: try data(value), as: UTF8.self)
    }
}
