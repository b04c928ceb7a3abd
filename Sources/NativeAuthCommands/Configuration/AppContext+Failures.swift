import NativeAuth

extension AppContext {
    /// `error`, which ended a flow of `method` here, as the command reports it: ``FailureMapping``'s
    /// sentence, with the commands its hints print at this place (``next``). The flows of `signin`,
    /// `signup` and `reset-password` report their errors through here.
    func failure(_ error: some NativeAuthError, method: FailureMapping.Method) -> CLIFailure {
        switch error.code {
        case .attemptLimitReached:
            return AttemptLimit.failure(error, method: method, again: next.againLine())
        default:
            return FailureMapping.failure(error, method: method)
        }
    }

    /// No account has `username` (``FailureMapping/unknownAddress(_:username:)``), with the sign-up
    /// at this place.
    func unknownAddress(_ error: some NativeAuthError, username: String) -> CLIFailure {
        var failure = FailureMapping.unknownAddress(error, username: username)
        failure.hint = "Check its spelling, or create an account: " + next.line(["signup"], address: username)
        return failure
    }
}
