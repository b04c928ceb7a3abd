import ArgumentParser
import NativeAuth

/// `nativeauth signout`: removes the active account (or every matching one) and its tokens from the store.
struct SignOutCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "signout",
        abstract: "Sign out: remove the active account (or all of them) and its tokens from this machine.",
        discussion: """
            No request is sent to the server. Without --all, the active account is removed (the one \
            that signed in, or was made active with `nativeauth switch`, last), or the one --account \
            names; the other accounts stay, and standard error says which one is active now. With --all, every stored account is \
            removed; with --tenant, --authority or --client-id as well, every account of that place. \
            Exits 1 when nobody (matching) is signed in; exits 2, removing nothing, when --account names \
            a username stored at several places, and lists the signout of each.

            JSON (--json): {"signedOut": true, "accounts": [{"username", "clientId", "location"}]}, \
            plus "username" and "location" when one account was signed out without --all.

            EXAMPLES:
              nativeauth signout
              nativeauth signout --account bob@example.com
              nativeauth signout --all
              nativeauth signout --all --tenant contoso
            """,
        aliases: ["logout"])

    @Flag(name: .long, help: "Remove every stored account (that matches the location flags and --account).")
    var all = false

    @OptionGroup var options: SharedOptions
    @OptionGroup var output: JSONOption
    @OptionGroup var accountOptions: AccountOptions

    func perform(in environment: CommandEnvironment) async throws(CLIFailure) {
        if all { _ = try AppContext.openStore(options, migrating: true, in: environment) }  // the file's accounts to the keyring, then out
        let selection = try AccountSelection(options, accountOptions, removing: true, in: environment)
        let console = environment.console
        // --account naming one username stored at several places: removing one of them silently would
        // be a guess; say each, with the signout that removes it.
        if !all, let username = accountOptions.account, selection.accounts.count > 1 {
            let each = selection.accounts.map { account in
                // The place as a selection: the embedded emulator by its stored key, which --authority takes.
                let place = if case .authority(let url)? = SignInLocation(stored: account.storageAuthority) { url.absoluteString }
                    else { account.storageAuthority }
                let at = NextCommand(placeArguments: ["--authority", place, "--client-id", account.clientId] + options.storeArguments)
                return "  \(account.placeSummary): " + at.line(["signout", "--account", account.username])
            }
            let every = NextCommand(placeArguments: options.storeArguments).line(["signout", "--all", "--account", username])
            throw CLIFailure(.usage, "\(TerminalText.sanitized(username)) is stored at \(selection.accounts.count) places: say which to sign out.",
                             hint: (each + ["or every one of them: " + every]).joined(separator: "\n"))
        }
        let removed = all ? selection.accounts : [try selection.requireActive()]
        if removed.isEmpty { throw selection.noAccount() }
        let activeBefore = selection.activeOfAll
        try selection.remove(removed)
        RememberedCAFiles(options, in: environment).forgetPlacesLeft(by: removed, remaining: (try? AccountSelection.listed(in: selection.store, removing: true)) ?? [])
        if output.json {
            var object: [String: Any] = ["signedOut": true, "accounts": removed.map { account in
                ["username": account.username, "clientId": account.clientId, "location": account.placeJSON] as [String: Any]
            }]
            if !all, let account = removed.first {
                object["username"] = account.username
                object["location"] = account.placeJSON
            }
            JSONOutput.print(object, to: console)
        } else {
            for account in removed {
                console.result("Signed out \(TerminalText.sanitized(account.username)) (\(account.placeSummary)).")
            }
            if let activeBefore, removed.contains(where: { $0.isSame(as: activeBefore) }), let next = ActiveAccount.read(selection.store) {
                console.info("\(TerminalText.sanitized(next.username)) (\(next.placeSummary)) is now the active account.")
            }
        }
    }
}
