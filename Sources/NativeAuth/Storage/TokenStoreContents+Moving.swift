/// Moving accounts between stores, such as from a ``FileTokenStore`` to a keyring store.
extension TokenStoreContents {
    /// Whether no account is kept.
    public var isEmpty: Bool { storedAccounts.isEmpty }

    /// Adds every account of `other`, each replacing the account of the same application kept here.
    ///
    /// ```swift
    /// try file.modify { moved in
    ///     try keyring.modify { $0.insertAccounts(of: moved) }   // the keyring first,
    ///     moved = TokenStoreContents()                          // then the file
    /// }
    /// ```
    public mutating func insertAccounts(of other: TokenStoreContents) {
        for account in other.storedAccounts { upsert(account) }
    }
}
