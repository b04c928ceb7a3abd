import NativeAuth
import NativeAuthShared

/// What the commands that end signed in share (`signin`, `signup`, `reset-password`): where to sign
/// in, the token store checked before a code or a password is spent, the application (and the
/// embedded emulator, stopped at the end whatever happens), then the account the command's flow
/// signed in, stored under the right key (beside the other accounts of the place) and reported on
/// standard output; when it takes over from another active account, standard error says so.
struct SignInSkeleton {
    let options: SharedOptions
    /// The command, named in the hint when the token store cannot hold a sign-in.
    let command: String
    let challengeTypes: NativeAuthChallengeTypes
    /// What the JSON output says besides `"signedIn": true`, such as `signedUp` (each `true`).
    var jsonFlags: [String] = []
    /// How the line on standard output starts, such as `Signed in as`.
    var sentence = "Signed in as"
    /// The address given on the command line, repeated in the command that starts an expired flow over.
    var address: String?

    /// Runs `flow` (given the application and the scopes to ask for) in ``CommandRunner`` and
    /// reports the account it signed in.
    func run(_ flow: (AppContext, _ scopes: [String]?) async throws(CLIFailure) -> NativeAuthUserAccountResult) async throws {
        try await CommandRunner.run(verbose: options.verbose) { () throws(CLIFailure) in
            let resolution = try TargetResolution(options)
            let target = try resolution.signInTarget()
            let store = try AppContext.openStore(options, migrating: true)
            try StoreCheck.beforeSpendingACode(store, command: command)
            let previouslyActive = ActiveAccount.read(store)
            let context = try AppContext(location: target.location, clientId: target.clientId, challengeTypes: challengeTypes,
                                         store: store, verbose: options.verbose, caFile: options.caFile)
            // Before the first prompt (the address, a password): where the answers go.
            if context.location == .embeddedEmulator { Console.info(EmulatorSettings.embeddedNotice) }
            do throws(CLIFailure) {
                try await context.run { context throws(CLIFailure) in
                    let result = try await flow(context, resolution.scopes)
                    context.forgetLegacyEmbeddedAccount(identifier: result.account.identifier)
                    report(result, context: context)
                    ActiveAccount.announceChange(from: previouslyActive, store: store)
                }
            } catch where error.startsOver {
                var failure = error
                failure.hint = [failure.hint, "To start over at the same place: \(startOverCommand)"].compactMap { $0 }.joined(separator: "\n")
                throw failure
            }
        }
    }

    /// This command again with the flags that chose where it signs in (and the address, if given).
    var startOverCommand: String {
        var words = ["nativeauth", command]
        if let tenant = options.tenant { words += ["--tenant", tenant] }
        if let authority = options.authority { words += ["--authority", authority] }
        if let clientId = options.clientId { words += ["--client-id", clientId] }
        for scope in options.scopes { words += ["--scope", scope] }
        if let caFile = options.caFileOption { words += ["--ca-file", caFile] }
        if let store = options.storeDirectory { words += ["--store-dir", store] }
        if let address, !address.trimmed(.whitespaces).isEmpty { words.append(address) }
        return ShellWord.commandLine(words)
    }

    private func report(_ result: NativeAuthUserAccountResult, context: AppContext) {
        let account = result.account
        if options.json {
            var object: [String: Any] = ["signedIn": true, "username": account.username, "identifier": account.identifier,
                                         "clientId": context.app.clientId, "location": context.location.json]
            for flag in jsonFlags { object[flag] = true }
            JSONOutput.print(object)
        } else {
            Console.result("\(sentence) \(TerminalText.sanitized(account.username)) (\(context.location.summary)).")
        }
    }
}
