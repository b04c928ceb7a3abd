/// What a protocol error says about the flow as a whole, whatever step it answered: the flow is over
/// for a reason of its own, which the public error's code names (``NativeAuthErrorDetails/code``)
/// above the step's meaning of the error.
enum FlowEnd: Sendable, Equatable {
    /// Too many wrong codes or passwords (AADSTS50053).
    case attemptLimitReached
    /// The flow's token expired (`expired_token`).
    case expired
    /// The server refused the requested scopes (`invalid_scope`).
    case invalidScope
}

extension ServerErrorResponse {
    /// What this error says about the flow as a whole, or nil when it is only about the step.
    var flowEnd: FlowEnd? {
        if errorCodes.contains(AADSTSCode.attemptLimitReached) { return .attemptLimitReached }
        if error == .expiredToken { return .expired }
        if error == .invalidScope { return .invalidScope }
        return nil
    }
}
