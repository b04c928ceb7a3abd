import NativeAuth

extension NextCommand {
    /// The place of `stored`, an account of the store, as `token` signs it in again: the place flags
    /// given, else the account's own authority (none for the embedded emulator) and client ID; then
    /// the token store's flags and `extra` (`--api`, `--scope`); its operand is the account's address.
    init(account stored: NativeAuthStoredAccount?, options: SharedOptions, extra: [String] = []) {
        var words: [String] = []
        if options.tenant != nil || options.authority != nil {
            words += options.placeArguments
        } else {
            if let stored, case .authority(let url)? = SignInLocation(stored: stored.storageAuthority) {
                words += ["--authority", url.absoluteString]
            }
            if let clientId = options.clientId ?? stored?.clientId { words += ["--client-id", clientId] }
        }
        self.init(placeArguments: words + options.storeArguments + extra, operand: stored?.username)
    }
}
