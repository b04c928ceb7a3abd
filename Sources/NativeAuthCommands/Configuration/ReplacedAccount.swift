import NativeAuth

/// A stored account that a sign-in replaced: same username, place and client, another account ID.
/// The server made that user again (the emulator after a reset of old, or a tenant where the user
/// was deleted and added back), so its refresh token is dead, and the library drops it when it
/// stores the new one rather than keep two accounts no one can tell apart. The command says so.
enum ReplacedAccount {
    /// The accounts of `before` (the store before the sign-in) that storing `signedIn` replaced: those
    /// of the same client, place and username (without regard to case) with another account ID,
    /// no longer in `after`.
    static func replaced(by signedIn: NativeAuthStoredAccount, before: [NativeAuthStoredAccount],
                         after: [NativeAuthStoredAccount]) -> [NativeAuthStoredAccount] {
        before.filter { old in
            old.clientId == signedIn.clientId && old.storageAuthority == signedIn.storageAuthority
                && old.identifier != signedIn.identifier && old.username.lowercased() == signedIn.username.lowercased()
                && !after.contains { $0.isSame(as: old) }
        }
    }

    /// The line on standard error for `account`, which a sign-in replaced.
    static func line(_ account: NativeAuthStoredAccount) -> String {
        "Replaced the stored \(TerminalText.sanitized(account.username)) (\(account.placeSummary)): its account ID changed at the "
            + "server (the user was made again there), so the old one could no longer be used."
    }
}
