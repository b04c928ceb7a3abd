#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// Where `nativeauth` keeps tokens: the desktop keyring when a Secret Service is on the session bus,
/// else the file `tokens.json`; `--storage keyring|file` or `NATIVEAUTH_STORAGE` forces one.
///
/// The choice is made when a command opens the store, and costs nothing without a session bus
/// (`DBUS_SESSION_BUS_ADDRESS` unset: the file, nothing loaded), nor when the accounts are in the file
/// and the command cannot move them. Otherwise libsecret is loaded and the bus asked once who owns
/// the Secret Service. Accounts still in the file while a keyring is present
/// stay there (and are used) until the next sign-in or `signout --all`, which move them to the
/// keyring first: they are never in both.
enum TokenStorage {
    /// A forced choice.
    enum Kind: String, CaseIterable {
        case keyring, file
    }

    /// The `application` attribute of the CLI's keyring items.
    static let application = "nativeauth"

    /// Opens the store of `options` (its `--store-dir`, else the default folder) in the storage
    /// chosen. `migrating` (a sign-in, `signout --all`) first moves accounts from the file to the
    /// keyring when the keyring is used. The variables are `environment`'s, and so is the console
    /// that says when accounts move.
    static func open(_ options: SharedOptions, migrating: Bool = false,
                     in environment: CommandEnvironment) throws(CLIFailure) -> any NativeAuthTokenStore {
        let directory = directory(options, in: environment)
        let forced = try kind(options, in: environment)
        let notice = StoreWaitNotice(directory: directory, console: environment.console)
        let file: FileTokenStore
        do {
            file = try FileTokenStore(directory: directory, whenWaiting: notice.say)
        } catch {
            throw CLIFailure(.failure, "The token store could not be opened: \(error)")
        }
        if forced == .file { return file }
        #if os(Linux)
        // Accounts in the file and none listed for the keyring: the file is used whatever keyring the
        // session has (until a sign-in or `signout --all` moves them), so a command that cannot move
        // them loads nothing and asks nothing of the bus.
        // Read once: the keyring's choice below needs the same answer (nil when the file cannot be read).
        let choosing = forced == nil && !migrating && environment.variable("DBUS_SESSION_BUS_ADDRESS") != nil
        let fileHasAccounts: Bool? = choosing ? (try? !file.read().isEmpty) : nil
        if fileHasAccounts == true, try !keyringListsAccounts(in: directory, notice: notice) {
            return file
        }
        let availability = SecretServiceTokenStore.availability(environment: environment.variables)
        guard case .available(let serviceName) = availability else {
            guard case .unavailable(let reason) = availability else { return file }
            if forced == .keyring {
                throw CLIFailure(.keyringUnavailable, "No keyring can keep the tokens: \(reason).",
                                 hint: "Start a Secret Service (GNOME Keyring, KWallet, KeePassXC) in this session, or use --storage file.")
            }
            // Accounts whose tokens are in a keyring that cannot be reached now are not "nobody signed in".
            if try keyringListsAccounts(in: directory, notice: notice) {
                throw CLIFailure(.keyringUnavailable, "The tokens are in the keyring, which cannot be used now: \(reason).",
                                 hint: "Run nativeauth in the desktop session that holds the keyring, or start its Secret Service; nothing was changed.")
            }
            // Said once: at the first sign-in into the file of a session that has a bus but no keyring.
            if migrating, environment.variable("DBUS_SESSION_BUS_ADDRESS") != nil, (try? file.read().isEmpty) == true {
                environment.console.info("No keyring is available (\(reason)), so tokens are kept in \(file.fileURL.path).")
            }
            return file
        }
        let keyring: KeyringStoreWithServiceName
        do {
            keyring = KeyringStoreWithServiceName(try SecretServiceTokenStore(application: application, directory: directory, whenWaiting: notice.say), serviceName: serviceName)
        } catch {
            throw CLIFailure(.failure, "The token store could not be opened: \(error)")
        }
        if forced == .keyring || migrating {
            try move(from: file, to: keyring, reportingTo: environment.console)
            return keyring
        }
        // Left in the file until a sign-in or `signout --all` moves them.
        // An unreadable file is used, so that its error is the one reported.
        return (fileHasAccounts ?? true) ? file : keyring
        #else
        if forced == .keyring {
            throw CLIFailure(.keyringUnavailable, "No keyring can keep the tokens: this platform has no Secret Service.",
                             hint: "Use --storage file.")
        }
        return file
        #endif
    }

    /// The token store's folder: `--store-dir`, else the default folder of `environment`'s variables.
    static func directory(_ options: SharedOptions, in environment: CommandEnvironment) -> URL {
        options.storeDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileTokenStore.defaultDirectory(environment: environment.variables)
    }

    /// Where `store` keeps tokens, for people: "keyring (GNOME Keyring)" or "file ~/…/tokens.json".
    static func summary(of store: any NativeAuthTokenStore) -> String {
        (store as? any StorageLocation)?.locationSummary ?? "\(type(of: store))"
    }

    /// The same, for JSON: `{"kind": "keyring", "service": …}` or `{"kind": "file", "path": …}`.
    static func json(of store: any NativeAuthTokenStore) -> [String: String] {
        (store as? any StorageLocation)?.locationJSON ?? ["kind": "\(type(of: store))"]
    }

    /// Checks that `store` can hold a sign-in now (``StorageLocation/checkAccess()``; another store
    /// is read).
    static func checkAccess(_ store: any NativeAuthTokenStore) throws {
        if let location = store as? any StorageLocation { return try location.checkAccess() }
        _ = try store.read()
    }

    #if os(Linux)
    /// Whether the keyring's account list in `directory` names an account (a missing file does not).
    private static func keyringListsAccounts(in directory: URL, notice: StoreWaitNotice) throws(CLIFailure) -> Bool {
        let list = directory.appendingPathComponent(SecretServiceTokenStore.accountListFileName)
        guard FileManager.default.fileExists(atPath: list.path) else { return false }
        do {
            let listStore = try FileTokenStore(directory: directory, fileName: SecretServiceTokenStore.accountListFileName,
                                               whenWaiting: notice.say)
            return !(try listStore.read().isEmpty)
        } catch {
            throw CLIFailure(.failure, "The token store could not be read: \(error)")
        }
    }
    #endif

    /// `--storage`, else `NATIVEAUTH_STORAGE`; nil to choose.
    private static func kind(_ options: SharedOptions, in environment: CommandEnvironment) throws(CLIFailure) -> Kind? {
        guard let text = options.storage ?? environment.variable("NATIVEAUTH_STORAGE") else { return nil }
        guard let kind = Kind(rawValue: text.lowercased()) else {
            throw CLIFailure(.usage, "'\(TerminalText.sanitized(text))' is not a token storage (--storage or NATIVEAUTH_STORAGE): use keyring or file.")
        }
        return kind
    }

    /// Moves every account of `file` into `keyring`: written to the keyring first, then removed from the
    /// file, so a process killed between the two leaves a copy rather than none. `console` says so.
    private static func move(from file: FileTokenStore, to keyring: any NativeAuthTokenStore,
                             reportingTo console: Console) throws(CLIFailure) {
        do {
            // Nothing to move (the usual case) costs one read and takes no lock; under the lock the
            // accounts are read again, so a sign-in saved meanwhile is moved too.
            guard !(try file.read().isEmpty) else { return }
            let moved = try file.modify { stored -> Bool in
                guard !stored.isEmpty else { return false }
                let accounts = stored
                try keyring.modify { $0.insertAccounts(of: accounts) }
                stored = TokenStoreContents()
                return true
            }
            if moved { console.info("Moved the stored accounts from \(file.fileURL.path) to the keyring.") }
        } catch {
            throw CLIFailure(.failure, "The accounts in \(file.fileURL.path) could not be moved to the keyring: \(error)")
        }
    }
}
