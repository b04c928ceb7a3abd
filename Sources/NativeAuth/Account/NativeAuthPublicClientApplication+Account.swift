#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The account signed in to the application, read from its token store (no request).
extension NativeAuthPublicClientApplication {
    /// The account signed in to this application, from the token store; nil when there is none.
    /// A store that cannot be read is logged as an error (with `correlationId`) and gives nil: use
    /// ``currentAccount()`` to handle it.
    public func getNativeAuthUserAccount(correlationId: UUID? = nil) -> NativeAuthUserAccountResult? {
        do {
            return try currentAccount()
        } catch {
            environment.logger.error("the token store could not be read", metadata: [
                "error": "\(error)", "correlation-id": "\((correlationId ?? UUID()).uuidString)",
            ])
            return nil
        }
    }

    /// The account signed in to this application, from the token store (no request).
    /// - Throws: ``TokenStoreError`` when the store cannot be read.
    public func currentAccount() throws -> NativeAuthUserAccountResult? {
        try AccountTokenManager(environment: environment).currentAccount()
    }

    /// Every account signed in to this application, from the token store (no request): the current
    /// one first. One at most, unless the application keeps several
    /// (``NativeAuthPublicClientApplicationConfig/keepsSeveralAccounts``).
    ///
    /// ```swift
    /// let bob = try app.accounts().first { $0.account.username == "bob@example.com" }
    /// let token = try await bob?.getAccessToken(parameters: NativeAuthGetAccessTokenParameters())
    /// ```
    /// - Throws: ``TokenStoreError`` when the store cannot be read.
    public func accounts() throws -> [NativeAuthUserAccountResult] {
        try AccountTokenManager(environment: environment).accounts()
    }
}
