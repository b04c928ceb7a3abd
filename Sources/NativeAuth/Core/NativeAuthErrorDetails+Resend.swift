extension NativeAuthErrorDetails {
    /// Whether a refused resend (a `/challenge` asked for another code) leaves the code already sent
    /// usable, so the step hands the state back with the error, in every flow that sends codes
    /// (sign-in, sign-up, password reset, a second factor and its registration): no answer, or any
    /// refusal of the server's (throttling, any 400) but a redirect, as MSAL
    /// (`MSALNativeAuthSignInController`'s resend branch). Unlike MSAL, not an expired token
    /// (`expired_token`), which no code can outlive, nor an answer that does not fit.
    var leavesSentCodeUsable: Bool {
        if kind == .unavailable { return true }
        guard let server = serverError else { return false }  // a redirect, or an answer that does not fit
        return server.error != .expiredToken
    }
}
