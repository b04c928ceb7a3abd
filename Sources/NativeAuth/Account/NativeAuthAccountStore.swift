#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The accounts kept in a token store, across every application that uses it: list them, pick one,
/// and remove them, without a request to the server and without knowing the store's format.
///
/// An app signed in to one application uses ``NativeAuthPublicClientApplication/currentAccount()``
/// instead; this is for tools that manage a shared store (such as the `nativeauth` command line).
///
/// ```swift
/// let accounts = NativeAuthAccountStore(try FileTokenStore(directory: configurationDirectory))
/// for account in try accounts.list() {
///     print(account.username, account.clientId, account.storageAuthority, account.hasRefreshToken)
/// }
/// if let latest = try accounts.latest(username: "user@example.com") {
///     try accounts.remove([latest])   // signs it out on this machine
/// }
/// ```
public struct NativeAuthAccountStore: Sendable {
    /// The store the accounts are kept in.
    public let store: any NativeAuthTokenStore

    /// The accounts kept in `store`.
    public init(_ store: any NativeAuthTokenStore) {
        self.store = store
    }

    /// Every account kept, in the store's order: a sign-in or ``activate(_:at:)`` puts the account
    /// last, so of two accounts active since the same time, the later one is the active one.
    /// - Throws: ``TokenStoreError`` when the store cannot be read.
    public func list() throws -> [NativeAuthStoredAccount] {
        try store.read().accounts
    }

    /// The account that signed in most recently among those matching: `username` (compared without
    /// case), `clientId`, and `predicate`; nil when none matches.
    /// - Throws: ``TokenStoreError`` when the store cannot be read.
    public func latest(
        username: String? = nil, clientId: String? = nil,
        where predicate: (NativeAuthStoredAccount) -> Bool = { _ in true }
    ) throws -> NativeAuthStoredAccount? {
        try list().filter { account in
            (username.map { $0.lowercased() == account.username.lowercased() } ?? true)
                && (clientId.map { $0 == account.clientId } ?? true)
                && predicate(account)
        }
        .max { $0.signedInAt < $1.signedInAt }
    }

    /// Removes `accounts` and their tokens (each the same application, place and identifier as
    /// listed), in one change of the store. Returns how many were there.
    /// - Throws: ``TokenStoreError`` when the store cannot be read or written.
    @discardableResult
    public func remove(_ accounts: [NativeAuthStoredAccount]) throws -> Int {
        try removeAccounts { candidate in accounts.contains { $0.isSameAccount(as: candidate) } }
    }

    /// Makes `account` the active account of its application (the one
    /// ``NativeAuthPublicClientApplication/currentAccount()`` answers with when the application keeps
    /// several accounts, and the first by ``NativeAuthStoredAccount/activeSince``), as of `now`.
    /// Returns false when the account is no longer kept.
    ///
    /// ```swift
    /// if let bob = try accounts.latest(username: "bob@example.com") { try accounts.activate(bob) }
    /// ```
    /// - Throws: ``TokenStoreError`` when the store cannot be read or written.
    @discardableResult
    public func activate(_ account: NativeAuthStoredAccount, at now: Date = Date()) throws -> Bool {
        try store.modify { contents in
            guard let index = contents.storedAccounts.firstIndex(where: { account.isSameAccount(as: NativeAuthStoredAccount(stored: $0)) }) else {
                return false
            }
            var activated = contents.storedAccounts.remove(at: index)
            activated.activatedAt = now
            contents.storedAccounts.append(activated)
            return true
        }
    }

    /// Removes the accounts for which `predicate` is true, in one change of the store. Returns how
    /// many were removed.
    /// - Throws: ``TokenStoreError`` when the store cannot be read or written.
    @discardableResult
    public func removeAccounts(where predicate: (NativeAuthStoredAccount) -> Bool) throws -> Int {
        try store.modify { contents in
            let before = contents.storedAccounts.count
            contents.storedAccounts.removeAll { predicate(NativeAuthStoredAccount(stored: $0)) }
            return before - contents.storedAccounts.count
        }
    }
}

extension NativeAuthStoredAccount {
    /// The same account of the same application at the same place (its tokens may differ).
    func isSameAccount(as other: NativeAuthStoredAccount) -> Bool {
        clientId == other.clientId && storageAuthority == other.storageAuthority && identifier == other.identifier
    }
}
