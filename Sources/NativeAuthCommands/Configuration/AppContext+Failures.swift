import NativeAuth

extension AppContext {
    /// `error`, which ended a flow of `method` here, as the command reports it at this place
    /// (``FailureMapping``, with ``next``).
    func failure(_ error: some NativeAuthError, method: FailureMapping.Method) -> CLIFailure {
        FailureMapping.failure(error, method: method, next: next)
    }

    /// No account has `username`, with the sign-up at this place (``FailureMapping``).
    func unknownAddress(_ error: some NativeAuthError, username: String) -> CLIFailure {
        FailureMapping.unknownAddress(error, username: username, next: next)
    }

    /// A failure of the sign-in that ends a sign-up or a password reset here (``FailureMapping``):
    /// `done` says what already happened, `hint` how to sign in instead.
    func signInAfterFailure(_ error: some NativeAuthError, method: FailureMapping.Method, done: String, hint: String) -> CLIFailure {
        FailureMapping.signInAfter(error, method: method, next: next, done: done, hint: hint)
    }
}
