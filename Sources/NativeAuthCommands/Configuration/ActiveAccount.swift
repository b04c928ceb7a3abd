import NativeAuth

/// The active account of the whole store (the one `token`, `call` and `signout` use with no flags):
/// the one that signed in, or was made active with `switch`, last.
enum ActiveAccount {
    /// The active account of `store`; nil when none is kept or the store cannot be read.
    static func read(_ store: any NativeAuthTokenStore) -> NativeAuthStoredAccount? {
        (try? NativeAuthAccountStore(store).list()).flatMap { ordered($0).first }
    }

    /// `accounts` (as listed, in the store's order) the active one first, then by when each was last
    /// active; of two active since the same time (the store keeps whole seconds), the later in the
    /// store's order, where a sign-in or a `switch` puts the account.
    static func ordered(_ accounts: [NativeAuthStoredAccount]) -> [NativeAuthStoredAccount] {
        accounts.enumerated()
            .sorted { ($0.element.activeSince, $0.offset) > ($1.element.activeSince, $1.offset) }
            .map(\.element)
    }

    /// After a sign-in: says on `console`'s standard error who is active now among `stored` (the
    /// store's accounts) when it is not `previous` any more, and `previous` stays stored (one that the
    /// sign-in replaced is said so by ``ReplacedAccount``), with the `switch` back in this token store
    /// (`store`: its flags, ``SharedOptions/storeArguments``).
    static func announceChange(from previous: NativeAuthStoredAccount?, to stored: [NativeAuthStoredAccount], store: [String],
                               on console: Console) {
        guard let previous, let now = ordered(stored).first, !now.isSame(as: previous), stored.contains(where: { $0.isSame(as: previous) })
        else { return }
        console.info("\(TerminalText.sanitized(now.username)) is now the active account, instead of "
            + "\(TerminalText.sanitized(previous.username)) (\(previous.placeSummary)), which stays signed in: "
            + "`\(NextCommand(placeArguments: store).line(["switch"], operand: previous.username))` goes back.")
    }
}

extension NativeAuthStoredAccount {
    /// The same account of the same application at the same place.
    func isSame(as other: NativeAuthStoredAccount) -> Bool {
        identifier == other.identifier && clientId == other.clientId && storageAuthority == other.storageAuthority
    }
}
