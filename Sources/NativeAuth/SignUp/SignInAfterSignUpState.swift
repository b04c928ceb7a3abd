#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A completed sign-up: the new user can be signed in without being asked anything again.
///
/// Single-use: one sign-in. A network failure hands the same state back; when the sign-up ended
/// without a continuation token, ``signIn(parameters:)`` fails locally (sign in is not available at
/// this point: use ``NativeAuthPublicClientApplication/signIn(parameters:)``).
public final class SignInAfterSignUpState: Sendable {
    let core: SignInAfterFlowCore

    init(core: SignInAfterFlowCore) { self.core = core }

    /// The flow's correlation ID.
    public var correlationId: UUID { core.correlationId }

    /// Signs the new user in with the sign-up's continuation token (`grant_type=continuation_token`)
    /// and stores the account, as a sign-in does.
    public func signIn(parameters: NativeAuthSignInAfterSignUpParameters = NativeAuthSignInAfterSignUpParameters()) async -> SignInAfterSignUpResult {
        await core.signIn(scopes: parameters.scopes, claims: parameters.claimsRequest, completed: { .completed($0) },
                          retry: { .error($0, newState: self) }, failed: { .error($0, newState: nil) })
    }
}
