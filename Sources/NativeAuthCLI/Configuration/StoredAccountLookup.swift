import Foundation
import NativeAuth

/// Finds the signed-in account for `token`, `status` and `signout`: no flags needed, the store
/// remembers where each account signed in (its authority and client ID). When several accounts are
/// stored, the one that signed in last wins; `--tenant`/`--authority`/`--client-id` narrow the choice.
struct StoredAccountLookup {
    let resolution: TargetResolution
    let context: AppContext
    let account: StoredAccount

    /// The account to act on, or nil when nobody (matching the flags) is signed in.
    static func find(_ options: SharedOptions) throws(CLIFailure) -> StoredAccountLookup? {
        let resolution = try TargetResolution(options)
        let store = try AppContext.openStore(options)
        let contents: TokenStoreContents
        do {
            contents = try store.read()
        } catch {
            throw CLIFailure(.failure, "The token store could not be read: \(error)")
        }
        guard let account = resolution.storedAccount(in: contents) else { return nil }
        guard let location = SignInLocation(stored: account.authority) else {
            throw CLIFailure(.failure, "The stored authority '\(account.authority)' is not a URL: run `nativeauth signout` and sign in again.")
        }
        let context = try AppContext(location: location, clientId: account.clientId, challengeTypes: [.OOB, .password],
                                     store: store, storageKey: account.authority, verbose: options.verbose)
        return StoredAccountLookup(resolution: resolution, context: context, account: account)
    }

    /// The account to act on, or a "nobody is signed in" failure (exit 1).
    static func require(_ options: SharedOptions) throws(CLIFailure) -> StoredAccountLookup {
        guard let found = try find(options) else { throw notSignedIn(try TargetResolution(options)) }
        return found
    }

    /// The library's view of the account (for tokens, claims and sign-out).
    func accountResult() throws(CLIFailure) -> NativeAuthUserAccountResult {
        do {
            if let result = try context.app.currentAccount() { return result }
        } catch {
            throw CLIFailure(.failure, "The token store could not be read: \(error)")
        }
        throw Self.notSignedIn(resolution)
    }

    static func notSignedIn(_ resolution: TargetResolution) -> CLIFailure {
        var message = "Nobody is signed in"
        if let location = resolution.location { message += " at \(location.summary)" }
        if let clientId = resolution.clientId { message += " with client ID \(clientId)" }
        return CLIFailure(.failure, message + ".", hint: "Run `nativeauth signin` to sign in.")
    }
}
