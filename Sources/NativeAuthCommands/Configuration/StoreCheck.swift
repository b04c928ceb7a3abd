import NativeAuth

/// The token store must be able to hold a sign-in before one starts: a code or password is not spent
/// on a sign-in whose tokens could not be saved (`signin`, `signup` and `reset-password` all end
/// signed in).
enum StoreCheck {
    /// Fails before anything is sent when `store` cannot be written: called by `signin`, `signup` and
    /// `reset-password` before a one-time code (or a password) is spent. `again` (the command at its
    /// place, ``NextCommand/againLine()``) is named in the hint.
    ///
    /// The store's contents read here are kept by `store` (``FileTokenStore``), so saving the sign-in
    /// at the end does not decode the file again unless another process changed it meanwhile.
    static func beforeSpendingACode(_ store: any NativeAuthTokenStore, again: String) throws(CLIFailure) {
        do {
            try TokenStorage.checkAccess(store)
        } catch {
            throw CLIFailure(.failure, "The token store cannot hold a sign-in, so nothing was sent: \(error)",
                             hint: "Fix the token store (or pass --store-dir DIR), then run `\(again)` again.")
        }
    }
}
