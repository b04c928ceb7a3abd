#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// The stored accounts `token`, `status` and `signout` act on: no flags needed, the store remembers
/// where each account signed in (its authority, or the embedded emulator's key, and its client ID).
/// `--tenant`, `--authority`, `--client-id` (or the environment) and `--account USERNAME` narrow the
/// choice. The **active** account — the one `token`, `call` and `signout` use — is the one of those
/// that signed in, or was made active with `switch`, last (``NativeAuthStoredAccount/activeSince``).
struct AccountSelection {
    let resolution: TargetResolution
    /// `--account`, if given.
    let username: String?
    let store: any NativeAuthTokenStore
    /// Every stored account.
    let stored: [NativeAuthStoredAccount]
    /// The accounts matching the flags, the active one first, then by when each was last active.
    let accounts: [NativeAuthStoredAccount]
    /// The place and token store as the flags gave them, for the sign-in a hint prints.
    let next: NextCommand

    /// Reads the store and selects the accounts matching `options` and `account` (and the variables of
    /// `environment`); `scopes` are those a token is asked for. `removing` (`signout`): see
    /// ``listed(in:removing:)``.
    init(_ options: SharedOptions, _ account: AccountOptions, scopes: [String] = [], removing: Bool = false,
         in environment: CommandEnvironment) throws(CLIFailure) {
        try self.init(options, username: account.account, scopes: scopes, removing: removing, in: environment)
    }

    /// Reads the store and selects the accounts matching `options` and, if given, `username`.
    init(_ options: SharedOptions, username: String?, scopes: [String] = [], removing: Bool = false,
         in environment: CommandEnvironment) throws(CLIFailure) {
        resolution = try TargetResolution(options, scopes: scopes, in: environment)
        self.username = username?.trimmed(.whitespaces)
        next = NextCommand(placeArguments: options.arguments)
        store = try AppContext.openStore(options, in: environment)
        do {
            stored = try Self.listed(in: store, removing: removing)
        } catch {
            throw CLIFailure(.failure, "The token store could not be read: \(error)")
        }
        accounts = ActiveAccount.ordered(stored.filter { [resolution, username] candidate in
            (resolution.location.map { $0.matches(storedKey: candidate.storageAuthority) } ?? true)
                && (resolution.clientId.map { $0 == candidate.clientId } ?? true)
                && (username.map { $0.lowercased() == candidate.username.lowercased() } ?? true)
        })
    }

    /// The accounts of `store`. A read refuses an account whose keyring item is missing (deleted in
    /// a keyring manager) or not an account's, and the message says to sign it out: when `removing`,
    /// such an account is listed as a change of the store sees it (without its tokens), so that
    /// `signout` can remove it. A corrupt file is refused either way, and nothing is written here.
    static func listed(in store: any NativeAuthTokenStore, removing: Bool) throws -> [NativeAuthStoredAccount] {
        do {
            return try NativeAuthAccountStore(store).list()
        } catch let error as TokenStoreError where removing && error.reason == .corrupt {
            return try store.modify { $0.accounts }
        }
    }

    /// The account active before anything changes, among every stored one (whatever the flags).
    var activeOfAll: NativeAuthStoredAccount? {
        ActiveAccount.ordered(stored).first
    }

    /// The account `token` and `signout` act on by default.
    var active: NativeAuthStoredAccount? { accounts.first }

    /// The active account, or the failure that says why there is none (exit 1).
    func requireActive() throws(CLIFailure) -> NativeAuthStoredAccount {
        guard let active else { throw noAccount() }
        return active
    }

    /// Where `account` signed in, from its stored key.
    static func location(of account: NativeAuthStoredAccount) throws(CLIFailure) -> SignInLocation {
        guard let location = SignInLocation(stored: account.storageAuthority) else {
            throw CLIFailure(.failure, "The stored authority '\(account.storageAuthority)' is not a URL.",
                             hint: "Run `nativeauth signout --all` and sign in again.")
        }
        return location
    }

    /// Nobody matching the flags is signed in; with `--account`, the stored usernames are listed.
    func noAccount() -> CLIFailure {
        var place = ""
        if let location = resolution.location { place += " at \(location.summary)" }
        if let clientId = resolution.clientId { place += " with client ID \(clientId)" }
        var failure: CLIFailure
        if let username, !stored.isEmpty {
            let names = Set(stored.map { TerminalText.sanitized($0.username.lowercased()) }).sorted()
            failure = CLIFailure(.failure, "No account \(username) is signed in\(place).", hint: "Stored accounts: \(names.joined(separator: ", ")).")
        } else {
            failure = CLIFailure(.failure, "Nobody is signed in\(place).", hint: "Run `\(next.line(["signin"], operand: username))` to sign in.")
        }
        failure.signInNeeded = true
        return failure
    }

    /// Removes `accounts` (and their tokens) from the store; no request is sent.
    func remove(_ accounts: [NativeAuthStoredAccount]) throws(CLIFailure) {
        do {
            try NativeAuthAccountStore(store).remove(accounts)
        } catch {
            throw CLIFailure(.failure, "The token store could not be updated: \(error)")
        }
    }
}

extension NativeAuthStoredAccount {
    /// Where the account signed in, for people (a stored key the CLI does not know is shown as is).
    var placeSummary: String {
        SignInLocation(stored: storageAuthority)?.summary ?? storageAuthority
    }

    /// Where the account signed in, for `--json` (see ``SignInLocation/json``; `{"kind": "unknown",
    /// "key"}` for a stored key the CLI does not know).
    var placeJSON: [String: Any] {
        SignInLocation(stored: storageAuthority)?.json ?? ["kind": "unknown", "key": storageAuthority]
    }
}
