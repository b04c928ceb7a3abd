import NativeAuth

/// The server's limit of wrong codes or passwords in one sign-in. When the last allowed attempt is
/// wrong, the server answers with Entra's AADSTS50053 ("the account is locked: too many sign-in
/// attempts") and the flow is over: no further answer can work.
enum AttemptLimit {
    /// AADSTS50053: too many wrong attempts.
    static let errorCode = 50053

    /// Whether `error` is the server's lock-out after too many wrong attempts.
    static func isReached(_ error: some NativeAuthError) -> Bool {
        error.errorCodes.contains(errorCode)
    }

    /// The server's own sentence when its lock-out lasts a while (the emulator's guessing limit says
    /// "Try again in N seconds"): running `signin` again at once would not help.
    static func hint(_ error: some NativeAuthError) -> String? {
        let first = FailureMapping.firstLine(of: error.errorDescription)
        return first.contains("Try again in") ? first : nil
    }

    /// The one sentence the CLI says about it.
    static func message(_ method: FailureMapping.Method) -> String {
        switch method {
        case .code: return "Too many wrong codes: run `nativeauth signin` again."
        case .password: return "Too many wrong passwords: run `nativeauth signin` again."
        case .token, .browser: return "Too many wrong sign-in attempts: run `nativeauth signin` again."
        case .signUp: return "Too many wrong codes: run `nativeauth signup` again."
        case .resetPassword: return "Too many wrong codes: run `nativeauth reset-password` again."
        }
    }
}
