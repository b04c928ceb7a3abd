#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One user's partition of a partitioned token store: the application a server uses for that user.
extension NativeAuthPublicClientApplication {
    /// This application keeping its accounts in partition `key` of `store` (a key the app chooses,
    /// such as its own user ID): flows started on it, and states resumed in it, store their sign-in
    /// there, and its accounts refresh under that partition's lock only. It shares everything else
    /// (client, transport, configuration) with this application, and costs one small allocation.
    ///
    /// ```swift
    /// let alice = app.partition("user-42", of: store)
    /// let result = await alice.signIn(parameters: NativeAuthSignInParameters(username: "alice@contoso.com"))
    /// ```
    ///
    /// The synchronous account calls (``currentAccount()``, ``accounts()``,
    /// ``NativeAuthUserAccountResult/signOutOrThrow()``) throw on a partitioned store: use
    /// ``storedAccount()`` and ``NativeAuthUserAccountResult/signOutFromStore()``.
    public func partition(_ key: String, of store: any NativeAuthPartitionedTokenStore) -> NativeAuthPublicClientApplication {
        NativeAuthPublicClientApplication(copying: self, accountStorage: environment.accountStorage.partition(key, of: store))
    }

    /// The key of the partition this application keeps its accounts in (``partition(_:of:)``); nil
    /// when it keeps them in a token store's one document.
    package var partitionKey: String? { environment.accountStorage.place.partitionKey }

    /// The account signed in to this application, read from its token store with the store's
    /// asynchronous calls (a document store's or a partition's); nil when there is none.
    /// - Throws: What the store throws when it cannot be read.
    public func storedAccount() async throws -> NativeAuthUserAccountResult? {
        try await AccountTokenManager(environment: environment).currentAccountFromStore()
    }
}
