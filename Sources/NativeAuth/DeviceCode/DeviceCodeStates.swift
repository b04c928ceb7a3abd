#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// A device-code sign-in as the app sees it: the pending state, what asking for a code and waiting
// on it come to (the result enums), and the one delegate that hears both (every method required).
// A new step is written here, in `DeviceCodeFlow` and in its error table.

// MARK: - Start

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

// MARK: - Pending

/// A device code waiting for the user to type its user code on the verification page and sign in.
///
/// Single-use like the native states: once ``waitForSignIn()`` has signed in (or the code is spent),
/// calling it again fails locally with ``NativeAuthError/isStateAlreadyUsed``. A cancelled wait or
/// an unreachable server hands the same state back.
///
/// - See Also: ``NativeAuthPublicClientApplication/acquireTokenWithDeviceCode(parameters:)``
public final class DeviceCodePendingState: Sendable {
    let core: FlowStateCore
    let grant: DeviceCodeGrant

    init(core: FlowStateCore, grant: DeviceCodeGrant) {
        self.core = core
        self.grant = grant
    }

    /// The code the user types on the verification page.
    public var userCode: String { grant.userCode }
    /// The page where the user types the code. On External ID, trust this URL over any generic one
    /// (`https://microsoft.com/devicelogin` fails for external tenants).
    public var verificationURL: URL { grant.verificationURL }
    /// The server's ready-made sentence for the user, naming the page and the code.
    public var message: String { grant.message }
    /// When the code expires (the application's clock).
    public var expiresOn: Date { grant.expiresOn }
    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Polls `/token` every `interval` seconds (waiting through the application's clock, 5 more
    /// seconds after each `slow_down`) until the user signs in, declines, or the code expires.
    public func waitForSignIn() async -> DeviceCodeWaitResult {
        await core.run(handingBack: self) { await DeviceCodeFlow.poll(self) }
    }
}

/// What waiting for the user came to.
public enum DeviceCodeWaitResult: Sendable {
    /// Signed in; the account is stored as for any sign-in.
    case completed(NativeAuthUserAccountResult)
    /// Not signed in. `newState` is where to wait again (cancelled, server unavailable); nil when the
    /// code is spent (expired, declined, refused).
    case error(DeviceCodeError, newState: DeviceCodePendingState?)
}

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

extension DeviceCodeStartResult: DelegateDelivered {
    /// Calls the delegate method of this case; an issued code also starts the wait, whose outcome
    /// reaches the same delegate.
    @MainActor func call(_ delegate: any DeviceCodeDelegate) {
        switch self {
        case .codeIssued(let state):
            delegate.onDeviceCodeIssued(state: state)
            DelegateDispatch.deliver(to: delegate) { await state.waitForSignIn() }
        case .error(let error): delegate.onDeviceCodeError(error: error, newState: nil)
        }
    }
}

extension DeviceCodeWaitResult: DelegateDelivered {
    @MainActor func call(_ delegate: any DeviceCodeDelegate) {
        switch self {
        case .completed(let result): delegate.onDeviceCodeSignInCompleted(result: result)
        case .error(let error, let next): delegate.onDeviceCodeError(error: error, newState: next)
        }
    }
}
