import ArgumentParser
import NativeAuthShared

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

    /// Checks a `--code` option (`signin`, `reset-password`): digits, or `-` (read from standard input).
    static func validateOption(_ code: String?) throws {
        if let code, preset(code) != nil, !isDigits(code.trimmed(.whitespaces)) {
            throw ValidationError("--code '\(code)' is not a code: give the digits of the code that was sent, such as 12345678.")
        }
    }

    /// The code to try before prompting: the `--code` option, unless it is `-`, which says that the
    /// code comes from standard input, as the prompt reads it.
    static func preset(_ code: String?) -> String? {
        guard case .given(let code) = source(of: code) else { return nil }
        return code
    }

    /// Where the code of a `--code` option comes from.
    static func source(of code: String?) -> CodeSource {
        guard let code else { return .prompt }
        return code.trimmed(.whitespaces) == "-" ? .standardInput : .given(code)
    }
}

/// Where a flow's first code comes from: the prompt, the digits given with `--code`, or standard
/// input without a prompt (`--code -`, for scripts).
enum CodeSource: Equatable {
    /// The prompt; `--code` was not given, and could have answered it (`signin`, `reset-password`).
    case prompt
    /// The prompt, which no option answers (`signup`'s code, a second factor's, a registration's).
    case promptOnly
    case given(String)
    case standardInput
}
