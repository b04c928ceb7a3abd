import NativeAuth

/// The server's limit of wrong codes or passwords in one sign-in (``NativeAuthErrorCode/attemptLimitReached``):
/// when the last allowed attempt is wrong, the server locks the flow (or, for a while, the account)
/// and no further answer can work.
enum AttemptLimit {
    /// The server's own first sentence about the lock-out (it may say how long it lasts), shown as
    /// the hint: running `signin` again at once may not help.
    static func hint(_ error: some NativeAuthError) -> String? {
        FailureMapping.firstLine(of: error.errorDescription)
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
