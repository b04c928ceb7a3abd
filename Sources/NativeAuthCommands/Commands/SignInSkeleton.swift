import NativeAuth
import NativeAuthShared

/// How a command that ends signed in (`signin`, `signup`, `reset-password`) says so: the command's
/// name (in the commands its hints print to run it again, ``next``), the challenge types its
/// application offers, and the line (or JSON) that reports the account. ``SigningInCommand`` runs it.
struct SignInSkeleton {
    let options: SharedOptions
    /// `--scope`, repeated in the command that starts over.
    let scope: ScopeOption
    /// `--api`, repeated in the command that starts over.
    let api: APIOption
    /// `--json`: the account is reported as JSON.
    let json: Bool
    /// The command, run again by the commands its hints print (``next``).
    let command: String
    let challengeTypes: NativeAuthChallengeTypes
    /// What the JSON output says besides `"signedIn": true`, such as `signedUp` (each `true`).
    var jsonFlags: [String] = []
    /// How the line on standard output starts, such as `Signed in as`.
    var sentence = "Signed in as"
    /// The address given on the command line, repeated in the command that starts an expired flow over.
    var address: String?
    /// `--password` was given (a password typed after it is the usual cause of an address that is none).
    var passwordFlag = false

    /// Fails when the address given on the command line is not an email address (a usage error;
    /// ``AddressFormat/checkArgument(_:passwordFlag:)``).
    func checkAddress() throws(CLIFailure) {
        try AddressFormat.checkArgument(address, passwordFlag: passwordFlag)
    }

    /// The place as the commands the hints print carry it, with this command, its method
    /// (`--password`) and its address as the one to run again.
    var next: NextCommand {
        NextCommand(options, api: api, scope: scope, again: [command] + (passwordFlag ? ["--password"] : []), operand: address)
    }

    /// Reports the account `result` signed in on standard output.
    func report(_ result: NativeAuthUserAccountResult, context: AppContext) {
        let account = result.account
        if json {
            var object: [String: Any] = ["signedIn": true, "username": account.username, "identifier": account.identifier,
                                         "clientId": context.app.clientId, "location": context.location.json]
            for flag in jsonFlags { object[flag] = true }
            JSONOutput.print(object, to: context.environment.console)
        } else {
            context.environment.console.result("\(sentence) \(TerminalText.sanitized(account.username)) (\(context.location.summary)).")
        }
    }
}
