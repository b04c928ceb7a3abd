import NativeAuth

/// The sign-in `token --output exec-credential` runs first when kubectl asks for a token that cannot
/// be had without one (nobody signed in, or the session ended) and a person is at the terminal:
/// `nativeauth signin` at the account's place (the flags given, else where the account signed in),
/// for the same scopes, as the address `--account` names or the account's own. Its prompts and
/// its result go to standard error: standard output is kubectl's.
struct TokenSignIn {
    let options: SharedOptions
    let scope: ScopeOption
    /// `--api`, if given (else `signin` reads `NATIVEAUTH_API` itself).
    let api: APIOption
    /// The account whose session ended, if any.
    let stale: NativeAuthStoredAccount?
    /// `--account`, if given.
    let account: String?
    /// `--password`: the sign-in asks for the password instead of sending an email code.
    var password = false

    /// The arguments of the `signin` it runs: the account's place (``NextCommand/init(account:options:extra:)``).
    var arguments: [String] {
        var words = NextCommand(account: stale, options: options, extra: api.arguments + scope.arguments).placeArguments
        if options.verbose { words.append("--verbose") }
        if password { words.append("--password") }
        if let address = stale?.username ?? account { words.append(address) }
        return words
    }

    /// Signs in, prompting at the terminal of `environment`, with standard output sent to standard error.
    func run(in environment: CommandEnvironment) async throws(CLIFailure) {
        let command: SignInCommand
        do {
            command = try SignInCommand.parse(arguments)
        } catch {
            throw CLIFailure(.usage, SignInCommand.message(for: error))
        }
        environment.console.info("kubectl's token needs a sign-in first.")
        var onStandardError = environment
        onStandardError.writeOutput = environment.writeError
        try await command.perform(in: onStandardError)
    }
}
