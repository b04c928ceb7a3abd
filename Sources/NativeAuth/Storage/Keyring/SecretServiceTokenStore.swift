#if os(Linux)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A token store that keeps every account's secrets in the desktop keyring, through the
/// freedesktop.org Secret Service (GNOME Keyring, KWallet, KeePassXC), encrypted at rest and unlocked
/// with the user's session.
///
/// Each account is one keyring item, found by its attributes `application`, `authority`, `client` and
/// `account` (the account's identifier) and labelled for people ("nativeauth: alice@example.com on
/// contoso"). Its secret is the whole account: refresh token, access tokens, ID token. What is not
/// secret (which accounts exist, their usernames and places) is kept in `keyring-accounts.json` in
/// ``directory``, with the lock files: ``modify(_:)`` and ``withRefreshLock(_:)`` lock there exactly
/// as ``FileTokenStore`` does, so several processes share the store safely, and only one of them
/// spends a refresh token. Where each item is in the keyring (its D-Bus object path, no secret) is
/// remembered in `keyring-items.json` beside it, so that a read takes two calls to the keyring daemon
/// (libsecret's lookup by attributes takes four); a path that no longer leads to the account's item
/// is never trusted, and the item is then looked up by its attributes. On Linux a read also leaves a
/// short-lived copy of each secret in the kernel's session keyring (memory, never a file), so the next
/// reads, while the account's access tokens are worth serving and for ten minutes at most, take one
/// call per item: the keyring is asked only whether the item is still there, unlocked and unchanged
/// (`SecretServiceReadCache`).
///
/// libsecret is opened with dlopen on first use (nothing is loaded or sent before the first read);
/// when it is missing, no Secret Service is on the session bus, or the keyring is locked and cannot be
/// unlocked, calls fail with ``TokenStoreError/Reason/unavailable``. Ask ``availability(environment:)`` first to
/// choose between this store and ``FileTokenStore``:
///
/// ```swift
/// let directory = FileTokenStore.defaultDirectory()
/// let store: any NativeAuthTokenStore = SecretServiceTokenStore.availability().isAvailable
///     ? try SecretServiceTokenStore(application: "myapp", directory: directory)
///     : try FileTokenStore(directory: directory)
/// ```
///
/// An item that is missing (deleted in a keyring manager) or that holds something else is reported by
/// ``read()`` as ``TokenStoreError/Reason/corrupt``, never as a signed-out account; ``modify(_:)``
/// still lets such an account be removed or replaced. Items are written before the account list and
/// removed before it, so a process killed at any point leaves the previous tokens readable.
public final class SecretServiceTokenStore: NativeAuthTokenStore {
    /// The name of the file in ``directory`` that lists the accounts (without secrets).
    public static let accountListFileName = "keyring-accounts.json"

    /// The `application` attribute of this store's items: items of other applications are never read,
    /// changed or removed.
    public let application: String
    /// The folder holding the account list and the lock files.
    public var directory: URL { accountList.directory }
    /// The file that lists the accounts (without secrets).
    public var accountListURL: URL { accountList.fileURL }

    /// The accounts with their secrets removed, and the locks.
    let accountList: FileTokenStore
    /// Short-lived copies of what reads took from the keyring, in kernel memory.
    let readCache: SecretServiceReadCache

    /// Opens the store of `application`'s items, with its account list and locks in `directory`
    /// (created with mode 0700 by the first change, as for ``FileTokenStore``). Nothing is sent to the
    /// keyring until the first read.
    ///
    /// - Parameters:
    ///   - application: The value of every item's `application` attribute, such as your program's
    ///     name: 1 to 64 printable characters.
    ///   - directory: A private folder, as for ``FileTokenStore/init(directory:fileName:whenWaiting:)``.
    ///   - whenWaiting: Called when an operation has waited a second for another holder of a lock, as
    ///     for ``FileTokenStore/init(directory:fileName:whenWaiting:)``: here also another process whose
    ///     keyring asked to be unlocked while it held the list's lock.
    /// - Throws: ``TokenStoreError`` when `application` is not acceptable or the folder is refused.
    public init(application: String, directory: URL, whenWaiting: (@Sendable () -> Void)? = nil) throws {
        guard (1...64).contains(application.count),
              application.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value != 0x7F })
        else {
            throw TokenStoreError(
                .unwritable, path: nil,
                message: "\"\(application.prefix(64))\" is not a valid keyring application name: use 1 to 64 printable characters without spaces.")
        }
        self.application = application
        accountList = try FileTokenStore(directory: directory, fileName: Self.accountListFileName, refreshLockTimeout: .seconds(60),
                                     whenWaiting: whenWaiting)
        readCache = SecretServiceReadCache(application: application, directory: accountList.directory)
    }

    /// Returns every account with its secrets, read from the keyring: the items whose paths are
    /// remembered in one `GetSecrets` call, any other by a lookup of its attributes; nothing is sent
    /// when no account is stored.
    ///
    /// - Throws: ``TokenStoreError``: `.unavailable` when the keyring cannot be reached or is locked,
    ///   `.corrupt` when an account's item is missing or holds something else, or what the account
    ///   list's file raises.
    public func read() throws -> TokenStoreContents {
        // No folder: nobody signed in, and a read makes none (the list's lock below would).
        guard try openPrivateDirectory(accountList.directoryPath, create: false) != nil else { return TokenStoreContents() }
        // Under the list's lock (nothing changes, so nothing is written): a sign-out in another
        // process cannot remove an item between the list and the lookups.
        return try accountList.modify { listed in
            var paths = SecretServiceItemPaths.load(from: directory)
            if let copied = copiedSecrets(listed, paths: paths) { return copied }
            let known = paths
            // Taken before the read: a change made to an item while it is read is then never older
            // than the copy (`SecretServiceReadCache` compares seconds).
            let readAt = Date()
            let contents = try withSecrets(listed, strict: true, paths: &paths)
            if paths != known { paths.save(to: directory) }
            for account in contents.storedAccounts {
                if let path = paths.path(of: account) { readCache.keep(account, path: path, now: readAt) }
            }
            return contents
        }
    }

    /// Reads the accounts under the exclusive lock, lets `body` change them, then writes the items of
    /// changed accounts, removes those of removed accounts, and writes the account list. Nothing is
    /// written when `body` throws or changes nothing.
    ///
    /// An account whose item is missing or unreadable is handed to `body` without its tokens, so it can
    /// be removed or replaced; left as it is, it is not written.
    ///
    /// - Throws: what `body` throws, or ``TokenStoreError``.
    public func modify<T>(_ body: (inout TokenStoreContents) throws -> T) throws -> T {
        try accountList.modify { listed in
            var paths = SecretServiceItemPaths.load(from: directory)
            let known = paths
            defer { if paths != known { paths.save(to: directory) } }
            let loaded = try withSecrets(listed, strict: false, paths: &paths)
            var contents = loaded
            let result = try body(&contents)
            guard contents != loaded else { return result }
            let keyring = try Self.keyring()
            // No copy may outlive the item it was made from.
            for account in loaded.storedAccounts where !contents.storedAccounts.contains(account) {
                readCache.forget(account)
            }
            for gone in loaded.storedAccounts where !contents.storedAccounts.contains(where: { $0.hasSameItem(as: gone) }) {
                try keyring.perform("remove the tokens of \(gone.username)") {
                    try keyring.library.clear(SecretServiceItem.attributes(of: gone, application: application))
                }
            }
            for account in contents.storedAccounts where !loaded.storedAccounts.contains(account) {
                let secret: String
                do {
                    secret = try SecretServiceItem.secret(of: account)
                } catch {
                    throw TokenStoreError(.unwritable, path: nil, message: "Could not encode the tokens of \(account.username): \(error).")
                }
                let attributes = SecretServiceItem.attributes(of: account, application: application)
                try keyring.perform("store the tokens of \(account.username)") {
                    try keyring.library.store(attributes, label: SecretServiceItem.label(of: account, application: application), secret: secret)
                }
                paths.set(try? keyring.library.itemPaths(matching: attributes).first, for: account)
            }
            paths.keepOnly(contents.storedAccounts)
            listed = Self.withoutSecrets(contents)
            return result
        }
    }

    /// Runs `body` holding the refresh lock (`refresh.lock` in ``directory``), as ``FileTokenStore`` does.
    public func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await accountList.withRefreshLock(body)
    }

    /// Checks that a sign-in can be stored now: the accounts can be read (their items included) and
    /// the keyring takes and gives back an item (a probe item, removed again). Call it before a
    /// sign-in, so that no one-time code is spent on a sign-in whose result could not be saved.
    ///
    /// ```swift
    /// try store.checkAccess()   // before app.signIn(parameters:)
    /// ```
    ///
    /// - Throws: ``TokenStoreError``.
    public func checkAccess() throws {
        try accountList.checkAccess()
        _ = try read()
        let keyring = try Self.keyring()
        let probe = ["application": application, "authority": "probe", "client": "probe", "account": UUID().uuidString]
        try keyring.perform("store a test item") {
            try keyring.library.store(probe, label: "\(application): access check", secret: "probe")
            try keyring.library.clear(probe)
        }
    }

    // MARK: - Accounts and items

    /// `listed` with every account's secret taken from its copy in ``readCache``, when every account
    /// has a copy that may be used and the keyring says, in one `GetAll` call per item, that each item
    /// is there, unlocked, and unchanged since its copy was made; nil otherwise (then the items are
    /// read from the keyring). A copy of a locked item is removed.
    private func copiedSecrets(_ listed: TokenStoreContents, paths: SecretServiceItemPaths) -> TokenStoreContents? {
        guard !listed.storedAccounts.isEmpty else { return nil }
        let now = Date()
        var copies: [(account: StoredAccount, path: String, madeAt: UInt64)] = []
        for account in listed.storedAccounts {
            guard let path = paths.path(of: account), let copy = readCache.copy(of: account, path: path, now: now) else { return nil }
            copies.append((copy.account, path, copy.madeAt))
        }
        guard case .success(let library) = SecretServiceLibrary.shared else { return nil }
        for copy in copies {
            guard let state = try? library.itemState(atPath: copy.path) else { return nil }
            if state.locked { readCache.forget(copy.account) }
            guard !state.locked, state.modified < copy.madeAt else { return nil }
        }
        var contents = listed
        for (index, copy) in copies.enumerated() { contents.storedAccounts[index] = copy.account }
        return contents
    }

    /// `listed` with each account's item read in: strictly (a missing or unreadable item is an error),
    /// or not (such an account stays as listed, without tokens).
    ///
    /// The items whose paths `paths` knows are read first, all at once and straight from the keyring
    /// (``SecretServiceLibrary/secrets(atPaths:)``); an account whose item did not come back that way
    /// holding that account is looked up by its attributes through libsecret, which tells a locked
    /// keyring from a missing item, and its path is learnt into `paths`.
    private func withSecrets(_ listed: TokenStoreContents, strict: Bool, paths: inout SecretServiceItemPaths) throws -> TokenStoreContents {
        guard !listed.storedAccounts.isEmpty else { return listed }
        let keyring = try Self.keyring()
        let known = listed.storedAccounts.compactMap { paths.path(of: $0) }
        // Any failure of the direct read (a locked keyring, a daemon that restarted) leaves it to libsecret.
        let direct = known.isEmpty ? [:] : ((try? keyring.library.secrets(atPaths: known)) ?? [:])
        var contents = listed
        for (index, account) in listed.storedAccounts.enumerated() {
            if let path = paths.path(of: account), let secret = direct[path],
               case .success(let full) = SecretServiceItem.account(from: secret, expected: account) {
                contents.storedAccounts[index] = full
                continue
            }
            let attributes = SecretServiceItem.attributes(of: account, application: application)
            let secret = try keyring.perform("read the tokens of \(account.username)") { try keyring.library.lookup(attributes) }
            guard let secret else {
                // Nothing came back: the item is missing, or locked and could not be unlocked.
                let present = try keyring.perform("look for the tokens of \(account.username)") { try keyring.library.count(attributes) }
                if present > 0 {
                    throw TokenStoreError(
                        .unavailable, path: nil,
                        message: "The keyring holding the tokens of \(account.username) is locked: unlock it (for example by "
                            + "signing in to the desktop, or in Seahorse) and try again; nothing was changed.")
                }
                if strict { throw missing(account) }
                continue
            }
            switch SecretServiceItem.account(from: secret, expected: account) {
            case .success(let full):
                contents.storedAccounts[index] = full
                paths.set(try? keyring.library.itemPaths(matching: attributes).first, for: account)
            case .failure(let problem):
                if strict { throw unreadable(account, problem) }
            }
        }
        return contents
    }

    /// `contents` with every secret removed: what the account list holds.
    static func withoutSecrets(_ contents: TokenStoreContents) -> TokenStoreContents {
        var listed = contents
        for index in listed.storedAccounts.indices {
            listed.storedAccounts[index].idToken = nil
            listed.storedAccounts[index].refreshToken = nil
            listed.storedAccounts[index].accessTokens = []
        }
        return listed
    }

    private func missing(_ account: StoredAccount) -> TokenStoreError {
        TokenStoreError(
            .corrupt, path: accountList.fileURL.path,
            message: "The keyring has no item for \(account.username) (\"\(SecretServiceItem.label(of: account, application: application))\"), "
                + "though \(accountList.fileURL.path) lists the account: it may have been deleted in a keyring manager. "
                + "Sign the account out and in again; nothing was changed.")
    }

    private func unreadable(_ account: StoredAccount, _ problem: SecretServiceItem.ItemProblem) -> TokenStoreError {
        switch problem {
        case .newerVersion(let version):
            return TokenStoreError(
                .unsupportedVersion, path: nil,
                message: "The keyring item of \(account.username) was written by a newer version of NativeAuth (format version "
                    + "\(version); this version reads format 1). Update NativeAuth; nothing was changed.")
        case .notAnAccount(let detail):
            return TokenStoreError(
                .corrupt, path: nil,
                message: "The keyring item \"\(SecretServiceItem.label(of: account, application: application))\" is not a NativeAuth "
                    + "account (\(detail)). Sign the account out and in again; nothing was changed.")
        }
    }

    /// The keyring, or the error saying why it cannot be used.
    private static func keyring() throws -> Keyring {
        switch SecretServiceLibrary.shared {
        case .success(let library): return Keyring(library: library)
        case .failure(let failure):
            throw TokenStoreError(.unavailable, path: nil, message: "The keyring cannot be used: \(failure.message).")
        }
    }

    /// The loaded library, with its failures turned into token store errors.
    private struct Keyring {
        let library: SecretServiceLibrary

        func perform<T>(_ action: String, _ body: () throws -> T) throws -> T {
            do {
                return try body()
            } catch let failure as SecretServiceLibraryFailure {
                throw TokenStoreError(.unavailable, path: nil, message: "Could not \(action) in the keyring: \(failure.message).")
            }
        }
    }
}

extension StoredAccount {
    /// Whether `other` is kept in the same keyring item (same application, place and identifier).
    func hasSameItem(as other: StoredAccount) -> Bool {
        clientId == other.clientId && authority == other.authority && identifier == other.identifier
    }
}
#endif
