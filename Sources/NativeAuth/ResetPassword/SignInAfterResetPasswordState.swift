#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A completed password reset: the user can be signed in without being asked anything again.
///
/// Single-use: one sign-in. A network failure hands the same state back; when the reset ended
/// without a continuation token, ``signIn(parameters:)`` fails locally (sign in is not available at
/// this point: use ``NativeAuthPublicClientApplication/signIn(parameters:)`` with the new password).
public final class SignInAfterResetPasswordState: Sendable {
    let core: SignInAfterFlowCore

    init(core: SignInAfterFlowCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Signs the user in with the reset's continuation token (`grant_type=continuation_token`) and
    /// stores the account, as a sign-in does.
    public func signIn(parameters: NativeAuthSignInAfterResetPasswordParameters = NativeAuthSignInAfterResetPasswordParameters())
        async -> SignInAfterResetPasswordResult
    {
        await core.signIn(scopes: parameters.scopes, claims: parameters.claimsRequest, completed: { .completed($0) },
                          retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) })
    }
}
