extension NativeAuthPublicClientApplication {
    /// Starts a device-code sign-in (RFC 8628), for machines without a browser: the server issues a
    /// user code that the user types on a page opened on another device, and the app waits with
    /// ``DeviceCodePendingState/waitForSignIn()``. The result is stored like any sign-in's.
    ///
    /// On External ID, show the `verificationURL` the server returned: the generic
    /// `https://microsoft.com/devicelogin` is reported to fail for external tenants (AADSTS500208),
    /// and Microsoft called device code on external tenants "not yet ready".
    ///
    /// ```swift
    /// if case .codeIssued(let state) = await app.acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters()) {
    ///     print(state.message)
    ///     if case .completed(let result) = await state.waitForSignIn() { print(result.account.username) }
    /// }
    /// ```
    ///
    /// - See Also: ``acquireToken(parameters:)`` for the browser on this machine.
    public func acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters) async -> DeviceCodeStartResult {
        await DeviceCodeFlow.start(parameters, environment: environment)
    }

    /// Asks for a device code and signs in with it (see ``acquireTokenWithDeviceCode(parameters:)``),
    /// reporting each step to `delegate` on the main actor.
    ///
    /// ```swift
    /// nativeAuth.acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters(), delegate: self)
    /// ```
    public func acquireTokenWithDeviceCode(parameters: NativeAuthDeviceCodeParameters, delegate: any DeviceCodeDelegate) {
        DelegateDispatch.deliver(to: delegate) { await self.acquireTokenWithDeviceCode(parameters: parameters) }
    }
}
