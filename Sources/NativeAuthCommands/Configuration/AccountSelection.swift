import Foundation
import NativeAuth

/// The stored accounts `token`, `status` and `signout` act on: no flags needed, the store remembers
/// where each account signed in (its authority, or the embedded emulator's key, and its client ID).
/// `--tenant`, `--authority`, `--client-id` (or the environment) and `--account USERNAME` narrow the
/// choice. The **active** account — the one `token` and `signout` use — is the one of those that
/// signed in most recently.
struct AccountSelection {
    let resolution: TargetResolution
    /// `--account`, if given.
    let username: String?
    let store: FileTokenStore
    /// Every stored account.
    let stored: [StoredAccount]
    /// The accounts matching the flags, newest first: the first is the active one.
    let accounts: [StoredAccount]

    /// Reads the store and selects the accounts matching `options` and `account`.
    init(_ options: SharedOptions, _ account: AccountOptions) throws(CLIFailure) {
        resolution = try TargetResolution(options)
        username = account.account?.trimmingCharacters(in: .whitespaces)
        store = try AppContext.openStore(options)
        do {
            stored = try store.read().accounts
        } catch {
            throw CLIFailure(.failure, "The token store could not be read: \(error)")
        }
        accounts = stored.filter { [resolution, username] candidate in
            (resolution.location.map { $0.matches(storedKey: candidate.authority) } ?? true)
                && (resolution.clientId.map { $0 == candidate.clientId } ?? true)
                && (username.map { $0.caseInsensitiveCompare(candidate.username) == .orderedSame } ?? true)
        }
        .sorted { $0.signedInAt > $1.signedInAt }
    }

    /// The account `token` and `signout` act on by default.
    var active: StoredAccount? { accounts.first }

    /// The active account, or the failure that says why there is none (exit 1).
    func requireActive() throws(CLIFailure) -> StoredAccount {
        guard let active else { throw noAccount() }
        return active
    }

    /// Where `account` signed in, from its stored key.
    static func location(of account: StoredAccount) throws(CLIFailure) -> SignInLocation {
        guard let location = SignInLocation(stored: account.authority) else {
            throw CLIFailure(.failure, "The stored authority '\(account.authority)' is not a URL.",
                             hint: "Run `nativeauth signout --all` and sign in again.")
        }
        return location
    }

    /// Nobody matching the flags is signed in; with `--account`, the stored usernames are listed.
    func noAccount() -> CLIFailure {
        var place = ""
        if let location = resolution.location { place += " at \(location.summary)" }
        if let clientId = resolution.clientId { place += " with client ID \(clientId)" }
        guard let username, !stored.isEmpty else {
            return CLIFailure(.failure, "Nobody is signed in\(place).", hint: "Run `nativeauth signin` to sign in.")
        }
        let names = Set(stored.map { $0.username.lowercased() }).sorted()
        return CLIFailure(.failure, "No account \(username) is signed in\(place).",
                          hint: "Stored accounts: \(names.joined(separator: ", ")).")
    }

    /// Removes `accounts` (and their tokens) from the store; no request is sent.
    func remove(_ accounts: [StoredAccount]) throws(CLIFailure) {
        do {
            try store.modify { contents in
                contents.accounts.removeAll { candidate in
                    accounts.contains {
                        $0.clientId == candidate.clientId && $0.authority == candidate.authority && $0.identifier == candidate.identifier
                    }
                }
            }
        } catch {
            throw CLIFailure(.failure, "The token store could not be updated: \(error)")
        }
    }
}

extension StoredAccount {
    /// Where the account signed in, for people (a stored key the CLI does not know is shown as is).
    var placeSummary: String {
        SignInLocation(stored: authority)?.summary ?? authority
    }

    /// Where the account signed in, for `--json` (see ``SignInLocation/json``; `{"kind": "unknown",
    /// "key"}` for a stored key the CLI does not know).
    var placeJSON: [String: Any] {
        SignInLocation(stored: authority)?.json ?? ["kind": "unknown", "key": authority]
    }
}
