import ArgumentParser
import NativeAuth
import NativeAuthShared

/// `nativeauth token`: prints an access token of the active account, refreshing it when needed.
struct TokenCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print an access token of the active account (refreshed when needed).",
        discussion: """
            The token is printed alone on standard output, so it can be used directly:
              curl -H "Authorization: Bearer $(nativeauth token)" https://api.example.com/
            Without --scope (or NATIVEAUTH_SCOPES) the token is for the scopes the account signed in \
            with. A cached token is printed while it has more than five minutes to live, without any \
            request (even with the server stopped); the server is asked only to refresh. The account \
            is the active one (see `nativeauth status` and `nativeauth switch`), unless --account or \
            the location flags pick another. Exits 1 when nobody is signed in, 5 when a refresh cannot \
            reach the server (for a stopped `nativeauth emulator`: "server not reachable").

            EXAMPLES:
              nativeauth token
              nativeauth token --scope api://contoso/Data.Read --json
              nativeauth token --account bob@example.com --force-refresh
              nativeauth token --claims-challenge \\
                '{"access_token":{"acrs":{"essential":true,"value":"c1"}}}'
              nativeauth token --output exec-credential --scope api://contoso/.default

            With --claims-challenge (the base64 claims value of an API's WWW-Authenticate challenge, or \
            its JSON) the cache is skipped and the refresh asks for those claims; when they need the \
            user (a second factor this session has not done), the command that signs in with them is \
            printed and the exit code is 1.

            With --output exec-credential, the token is a client.authentication.k8s.io ExecCredential \
            for a kubeconfig's user.exec (kubectl's credential plugins): of the version kubectl asks \
            for in KUBERNETES_EXEC_INFO (v1 or v1beta1; v1 without it). When no token can be had \
            without a sign-in (nobody signed in, or the session ended) and standard input is a \
            terminal that kubectl lets the plugin use (interactiveMode: IfAvailable), it signs in \
            first, on standard error, as --account (or the account) at its place, through the API \
            --api (or NATIVEAUTH_API) names, with an email code, or with the password when \
            --password is given (for a password account). A refresh is the same request in both APIs.
            """)

    @Flag(name: .customLong("force-refresh"), help: "Get a new token even when the cached one is still valid.")
    var forceRefresh = false

    @Flag(name: .customLong("password"), help: ArgumentHelp(
        "With --output exec-credential: a sign-in it needs asks for the password (a password account) "
            + "instead of sending an email code. No password is ever printed."))
    var signInWithPassword = false

    @Option(name: .customLong("output"), help: ArgumentHelp(
        "How to print the token: text (alone, the default), json (as --json), or exec-credential "
            + "(an ExecCredential for a kubeconfig's user.exec).",
        valueName: "text|json|exec-credential"))
    var format: TokenFormat?

    @OptionGroup var options: SharedOptions
    @OptionGroup var scope: ScopeOption
    @OptionGroup var api: APIOption
    @OptionGroup var output: JSONOption
    @OptionGroup var accountOptions: AccountOptions
    @OptionGroup var claims: ClaimsChallengeOption

    func validate() throws {
        if output.json, let format, format != .json {
            throw ValidationError("Give --json or --output \(format.rawValue), not both.")
        }
        if signInWithPassword && format != .execCredential {
            throw ValidationError("--password is for --output exec-credential, whose sign-in it chooses; sign in with `nativeauth signin --password`.")
        }
    }

    func perform(in environment: CommandEnvironment) async throws(CLIFailure) {
        let format = format ?? (output.json ? .json : .text)
        let execCredential = format == .execCredential ? try ExecCredential(in: environment) : nil
        let token: NativeAuthTokenResult
        let account: NativeAuthAccount
        do {
            (token, account) = try await obtain(in: environment)
        } catch where error.signInNeeded && execCredential?.maySignIn(in: environment) == true {
            // kubectl at a terminal: sign in on standard error, then give it the token.
            let stale = try? AccountSelection(options, accountOptions, scopes: scope.scopes, in: environment).active
            try await TokenSignIn(options: options, scope: scope, api: api, stale: stale, account: accountOptions.account,
                                  password: signInWithPassword).run(in: environment)
            (token, account) = try await obtain(in: environment)
        }
        let console = environment.console
        switch format {
        case .text: console.result(token.accessToken)
        case .json: JSONOutput.print(Self.json(token, of: account), to: console)
        case .execCredential: JSONOutput.print(execCredential?.json(token) ?? [:], to: console)
        }
    }

    /// A token of the account the flags pick (the active one): cached, else refreshed.
    private func obtain(in environment: CommandEnvironment) async throws(CLIFailure) -> (NativeAuthTokenResult, NativeAuthAccount) {
        let selection = try AccountSelection(options, accountOptions, scopes: scope.scopes, in: environment)
        let stored = try selection.requireActive()
        // A cached token good for five more minutes answers from the store just read: no request,
        // no application, no embedded emulator, whether its server runs or not (as `gh auth token`).
        // A claims challenge skips the cache: the refresh asks for those claims.
        let claimsRequest = try? claims.claimsRequest()  // checked in validate()
        if !forceRefresh, claimsRequest == nil,
           let token = stored.cachedAccessToken(scopes: selection.resolution.scopes, now: environment.now()) {
            return (token, stored.account)
        }
        let location = try AccountSelection.location(of: stored)
        if ServerReachability.isReachable(location) == false {
            let port = location.authority?.port.map { " --port \($0)" } ?? ""
            let sentence = ServerReachability.notReachable
            throw CLIFailure(.unavailable, sentence.prefix(1).uppercased() + sentence.dropFirst(),
                             hint: "\(TerminalText.sanitized(stored.username)) signed in at \(location.summary): start it again there, "
                                 + "on the state it had (`nativeauth emulator\(port) --state-dir DIR`, or --database), "
                                 + "or pick another account with --account.")
        }
        let context = try AppContext(for: stored, at: location, store: selection.store, options: options,
                                     extra: api.arguments + scope.arguments, verbose: options.verbose, environment: environment)
        let refreshed: (NativeAuthTokenResult, NativeAuthAccount)
        do {
            refreshed = try await refresh(stored, with: context, scopes: selection.resolution.scopes, claimsRequest: claimsRequest)
        } catch {
            await context.close()
            throw context.explained(error)
        }
        await context.close()
        return refreshed
    }

    /// A token of `stored`'s from the library (refreshed when needed, or always with `--force-refresh`
    /// or a claims challenge), and the account.
    private func refresh(_ stored: NativeAuthStoredAccount, with context: AppContext, scopes: [String]?,
                         claimsRequest: ClaimsRequest?) async throws(CLIFailure) -> (NativeAuthTokenResult, NativeAuthAccount) {
        let account = try context.libraryAccount(for: stored)
        let parameters = NativeAuthGetAccessTokenParameters(forceRefresh: forceRefresh, scopes: scopes, claimsRequest: claimsRequest)
        do throws(RetrieveAccessTokenError) {
            return (try await account.getAccessToken(parameters: parameters), account.account)
        } catch {
            if error.code == .interactionRequired, let value = claims.claimsChallenge {
                throw CLIFailure(.failure, "These claims need you to sign in again: \(FailureMapping.firstLine(of: error.errorDescription))",
                                 hint: ClaimsChallengeOption.signInHint(username: account.account.username, claims: value, next: context.next),
                                 details: FailureMapping.details(error))
            }
            throw context.failure(error, method: .token)
        }
    }

    /// `token` of `account` for `--json`: the keys scripts written for `az account get-access-token`
    /// read (`accessToken`, `expiresOn`, `tokenType`, `tenant`: the tenant's ID, from the ID token's
    /// `tid`), with `scopes` and `username`.
    private static func json(_ token: NativeAuthTokenResult, of account: NativeAuthAccount) -> [String: Any] {
        var object: [String: Any] = ["accessToken": token.accessToken, "scopes": token.scopes, "username": account.username,
                                     "tokenType": "Bearer", "tenant": (account.accountClaims?["tid"] as? String).map(JSONValue.string) ?? .null]
        if let expiresOn = token.expiresOn { object["expiresOn"] = expiresOn }
        return object
    }
}
