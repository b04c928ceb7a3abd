#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

extension AppContext {
    /// The application of `stored`, an account a command picked from `store` (for its tokens): its
    /// client ID at `location`, its account kept under its own key, and the CA file given, else the
    /// one remembered for its place (``RememberedCAFiles``). Its hints print the account's place
    /// (``NextCommand/init(account:options:extra:)``), with `extra` (`--api`, `--scope`).
    init(for stored: NativeAuthStoredAccount, at location: SignInLocation, store: any NativeAuthTokenStore, options: SharedOptions,
         extra: [String] = [], verbose: Bool, environment: CommandEnvironment) throws(CLIFailure) {
        let caFile = options.caFile(in: environment)
            ?? RememberedCAFiles(options, in: environment).file(forStoredKey: stored.storageAuthority)
        try self.init(location: location, clientId: stored.clientId, challengeTypes: [.OOB, .password], store: store,
                      storageKey: stored.storageAuthority, verbose: verbose, caFile: caFile,
                      next: NextCommand(account: stored, options: options, extra: extra), environment: environment)
    }

    /// After a sign-in at the embedded emulator (`signin`, or `signup` and its sign-in): the same
    /// account of this client stored under the embedded emulator's legacy key
    /// (`http://127.0.0.1:0/…`) is replaced by the new one, as the library replaces an account.
    func forgetLegacyEmbeddedAccount(identifier: String) {
        guard location == .embeddedEmulator else { return }
        let clientId = app.clientId
        _ = try? NativeAuthAccountStore(store).removeAccounts { account in
            account.clientId == clientId && account.identifier == identifier
                && URL(string: account.storageAuthority).map(SignInLocation.isLegacyEmbedded) == true
        }
    }

    /// Whether `stored` is the account a sign-in with this context stored as `result`.
    func stores(_ stored: NativeAuthStoredAccount, as result: NativeAuthUserAccountResult) -> Bool {
        stored.identifier == result.account.identifier && stored.clientId == app.clientId && location.matches(storedKey: stored.storageAuthority)
    }

    /// The library's view of `stored`, the account a command picked from the store (for its tokens):
    /// an error when the store cannot be read or the account was signed out since it was picked.
    func libraryAccount(for stored: NativeAuthStoredAccount) throws(CLIFailure) -> NativeAuthUserAccountResult {
        let result: NativeAuthUserAccountResult?
        do {
            result = try app.accounts().first { $0.account.identifier == stored.identifier }
        } catch {
            throw CLIFailure(.failure, "The token store could not be read: \(error)")
        }
        guard let result else {
            throw CLIFailure(.failure, "\(stored.username) was signed out meanwhile.",
                             hint: "Run `\(next.line(["signin"], operand: stored.username))` to sign in.")
        }
        return result
    }
}
