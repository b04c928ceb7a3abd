#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a server keeps the accounts of many users: one partition per user, named by a key the app
/// chooses (its own user ID, say), each read, written and refresh-locked on its own, so that
/// neither the cost of a sign-in or a refresh nor the wait for a lock grows with the number of users.
///
/// An application uses one partition at a time: ``NativeAuthPublicClientApplication/partition(_:of:)``
/// gives the application that keeps its accounts in partition `key`, and its flows, tokens and
/// sign-outs read and write that partition only (with ``NativeAuthPublicClientApplication/storedAccount()``
/// and ``NativeAuthUserAccountResult/signOutFromStore()``, the asynchronous forms of the account calls).
///
/// ```swift
/// let alice = app.partition("user-42", of: store)
/// if let account = try await alice.storedAccount() {
///     let token = try await account.getAccessToken()
/// }
/// ```
///
/// Each partition holds a ``TokenStoreContents`` (usually one account), which the store keeps as
/// it is given, as a ``NativeAuthTokenStore`` keeps its one document. The rules are those of
/// ``NativeAuthTokenStore``, per partition: ``modify(partition:_:)`` is exclusive against every
/// other `modify` of the same partition (in every process sharing the store), and
/// ``withRefreshLock(partition:_:)`` holds the partition's refresh lock across a token refresh, so
/// two processes never both spend the same rotating refresh token; code inside it may call the
/// partition's `read` and `modify`. A store that cannot be reached throws: never an empty partition.
///
/// The library ships ``InMemoryPartitionedTokenStore``; `NativeAuthPostgres` keeps partitions in
/// PostgreSQL, one row each.
public protocol NativeAuthPartitionedTokenStore: Sendable {
    /// The contents of `partition` (empty contents when nothing was ever stored there).
    func read(partition: String) async throws -> TokenStoreContents

    /// Reads the contents of `partition`, lets `body` change them, and writes them back, exclusively
    /// against every other `modify` of the partition. Nothing is written when `body` throws.
    func modify<T: Sendable>(partition: String, _ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T

    /// Runs `body` while holding the refresh lock of `partition`, waiting for other holders (in any
    /// process) first.
    func withRefreshLock<T: Sendable>(partition: String, _ body: @Sendable () async throws -> T) async throws -> T
}
