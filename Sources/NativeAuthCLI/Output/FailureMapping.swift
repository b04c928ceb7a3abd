import NativeAuth

/// Turns the library's errors into one clear line, an exit code, and `--verbose` details.
enum FailureMapping {
    /// What the user was doing, for the browser-required sentence.
    enum Method { case code, password, token }

    static func failure(_ error: some NativeAuthError, method: Method) -> CLIFailure {
        let exit: CLIExit
        var message = error.errorDescription ?? "The request failed."
        var hint: String?
        var lines = details(error)
        if error.isBrowserRequired {
            exit = .browserRequired
            lines.insert("library: \(message)", at: 0)
            message = "A browser sign-in is required: the server will not complete this sign-in from a terminal."
            hint = browserHint(method)
        } else if error.isServerUnavailable {
            exit = .unavailable
            message += " (correlation id \(error.correlationId.uuidString.lowercased()))"
            hint = "The server could not be reached or failed; try again later."
        } else if isWrongCredentials(error) {
            exit = .wrongCredentials
        } else if let refresh = error as? RetrieveAccessTokenError, refresh.isRefreshTokenExpired || refresh.isNoAccount {
            exit = .failure
            hint = "Run `nativeauth signin` to sign in again."
        } else if error.serverError != nil {
            exit = .unavailable
            message += " (correlation id \(error.correlationId.uuidString.lowercased()))"
        } else {
            exit = .failure
        }
        return CLIFailure(exit, message, hint: hint, details: lines)
    }

    static func isWrongCredentials(_ error: some NativeAuthError) -> Bool {
        switch error {
        case let start as SignInStartError: return start.isUserNotFound || start.isInvalidUsername || start.isInvalidCredentials
        case let code as VerifyCodeError: return code.isInvalidCode
        case let password as PasswordRequiredError: return password.isInvalidPassword
        default: return false
        }
    }

    /// The protocol details shown with `--verbose`: never passwords, codes or tokens.
    static func details(_ error: some NativeAuthError) -> [String] {
        var lines: [String] = []
        if let server = error.serverError {
            lines.append("error: \(server)" + (error.serverSubError.map { ", suberror: \($0)" } ?? ""))
        }
        if !error.errorCodes.isEmpty {
            lines.append("error codes: " + error.errorCodes.map { "AADSTS\($0)" }.joined(separator: ", "))
        }
        if let status = error.httpStatus { lines.append("http status: \(status)") }
        lines.append("correlation id: \(error.correlationId.uuidString.lowercased())")
        return lines
    }

    private static func browserHint(_ method: Method) -> String {
        switch method {
        case .code:
            return "This account does not sign in with an email code here (it may use a password, or need a step "
                + "only the web page can do). Try `nativeauth signin --password`, or sign in through the app's web page."
        case .password:
            return "This account does not sign in with a password here (it may use an email code, or need a step "
                + "only the web page can do). Try `nativeauth signin --email`, or sign in through the app's web page."
        case .token:
            return "The session needs a step only the web page can do: sign in through the app's web page, "
                + "or run `nativeauth signin` again."
        }
    }
}
