/// Receives the steps of ``NativeAuthPublicClientApplication/acquireTokenWithDeviceCode(parameters:delegate:)``
/// on the main actor: the code to show, then the account or the error.
@MainActor
public protocol DeviceCodeDelegate: AnyObject, Sendable {
    /// Show `state.message` (or its user code and verification URL); the wait has started.
    func onDeviceCodeIssued(state: DeviceCodePendingState)
    /// Signed in.
    func onDeviceCodeSignInCompleted(result: NativeAuthUserAccountResult)
    /// No code, or no sign-in. `newState` is where to wait again, when the code is still good.
    func onDeviceCodeError(error: DeviceCodeError, newState: DeviceCodePendingState?)
}

extension NativeAuthPublicClientApplication {
    /// Asks for a device code and signs in with it (see ``acquireTokenWithDeviceCode(parameters:)``),
    /// reporting each step to `delegate` on the main actor.
    ///
    /// ```swift
    /// nativeAuth.acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters(), delegate: self)
    /// ```
    public func acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters, delegate: any DeviceCodeDelegate) {
        DelegateDispatch.run({ await self.acquireTokenWithDeviceCode(parameters: parameters) }) { started in
            switch started {
            case .error(let error):
                delegate.onDeviceCodeError(error: error, newState: nil)
            case .codeIssued(let state):
                delegate.onDeviceCodeIssued(state: state)
                DelegateDispatch.run({ await state.waitForSignIn() }) { outcome in
                    switch outcome {
                    case .completed(let result): delegate.onDeviceCodeSignInCompleted(result: result)
                    case .error(let error, let next): delegate.onDeviceCodeError(error: error, newState: next)
                    }
                }
            }
        }
    }
}
