/// What asking for a device code came to.
///
/// ```swift
/// switch await app.acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters()) {
/// case .codeIssued(let state):
///     print(state.message)                      // "To sign in, … enter the code ABCD2345 …"
///     if case .completed(let result) = await state.waitForSignIn() { print(result.account.username) }
/// case .error(let error):
///     print(error.errorDescription ?? "")
/// }
/// ```
public enum DeviceCodeStartResult: Sendable {
    /// Show the user ``DeviceCodePendingState/userCode`` and ``DeviceCodePendingState/verificationURL``
    /// (or ``DeviceCodePendingState/message``), then wait on the state.
    case codeIssued(DeviceCodePendingState)
    /// No code was issued.
    case error(DeviceCodeError)
}

/// What waiting for the user came to.
public enum DeviceCodeWaitResult: Sendable {
    /// Signed in; the account is stored as for any sign-in.
    case completed(NativeAuthUserAccountResult)
    /// Not signed in. `newState` is where to wait again (cancelled, server unavailable); nil when the
    /// code is spent (expired, declined, refused).
    case error(DeviceCodeError, newState: DeviceCodePendingState?)
}
