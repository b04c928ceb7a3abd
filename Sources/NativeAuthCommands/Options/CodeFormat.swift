/// What a one-time code looks like: exactly the `code_length` digits the server announced. A code of
/// another shape is refused locally, so it does not use one of the server's limited attempts.
enum CodeFormat {
    static func fits(_ code: String, length: Int) -> Bool {
        code.count == length && code.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Whether `code` is made of digits only (any length).
    static func isDigits(_ code: String) -> Bool {
        !code.isEmpty && code.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
