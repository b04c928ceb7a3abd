import NativeAuth

/// The token store must be able to hold a sign-in before one starts: a code or password is not spent
/// on a sign-in whose tokens could not be saved (`signin`, `signup` and `reset-password` all end
/// signed in).
enum StoreCheck {
    /// Fails before anything is sent when `store` cannot be written; `command` is named in the hint.
    static func beforeSignIn(_ store: FileTokenStore, command: String = "signin") throws(CLIFailure) {
        do {
            try store.checkAccess()
        } catch {
            throw CLIFailure(.failure, "The token store cannot hold a sign-in, so nothing was sent: \(error)",
                             hint: "Fix the token store (or pass --store-dir DIR), then run `nativeauth \(command)` again.")
        }
    }
}
