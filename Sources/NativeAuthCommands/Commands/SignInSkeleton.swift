import NativeAuth
import NativeAuthShared

/// How a command that ends signed in (`signin`, `signup`, `reset-password`) says so: the command's
/// name (named in the hint when the token store cannot hold a sign-in, and in the command that
/// starts an expired flow over), the challenge types its application offers, and the line (or JSON)
/// that reports the account. ``SigningInCommand`` runs it.
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

    /// `failure` as the command reports it: a flow that expired says how to start it over.
    func failure(_ failure: CLIFailure) -> CLIFailure {
        guard failure.startsOver else { return failure }
        var failure = failure
        failure.hint = [failure.hint, "To start over at the same place: \(startOverCommand)"].compactMap { $0 }.joined(separator: "\n")
        return failure
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

    /// Reports the account `result` signed in on standard output.
    func report(_ result: NativeAuthUserAccountResult, context: AppContext) {
        let account = result.account
        if options.json {
            var object: [String: Any] = ["signedIn": true, "username": account.username, "identifier": account.identifier,
                                         "clientId": context.app.clientId, "location": context.location.json]
            for flag in jsonFlags { object[flag] = true }
            JSONOutput.print(object, to: context.environment.console)
        } else {
            context.environment.console.result("\(sentence) \(TerminalText.sanitized(account.username)) (\(context.location.summary)).")
        }
    }
}
