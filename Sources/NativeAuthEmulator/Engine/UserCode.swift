/// The short code a user types on the device-code verification page: 8 characters without the
/// ones people confuse (0/O, 1/I/L), entered in any case, with spaces or dashes ignored.
enum UserCode {
    private static let alphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")
    static let length = 8

    static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }

    /// The code as stored: upper case, without spaces and dashes; nil when it cannot be a user code.
    static func normalize(_ typed: String) -> String? {
        guard typed.count <= 64 else { return nil }
        let code = String(typed.uppercased().filter { $0 != " " && $0 != "-" })
        guard code.count == length, code.allSatisfy({ alphabet.contains($0) }) else { return nil }
        return code
    }
}
