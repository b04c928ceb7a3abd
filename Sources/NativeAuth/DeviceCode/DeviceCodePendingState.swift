#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        await core.run(retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) }) {
            await DeviceCodeFlow.poll(self)
        }
    }
}
