import ArgumentParser
import NativeAuth

/// `nativeauth token`: prints an access token of the active account, refreshing it when needed.
struct TokenCommand: AsyncParsableCommand {
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
            """)

    @Flag(name: .customLong("force-refresh"), help: "Get a new token even when the cached one is still valid.")
    var forceRefresh = false

    @OptionGroup var options: SharedOptions
    @OptionGroup var accountOptions: AccountOptions

    func run() async throws {
        try await CommandRunner.run(verbose: options.verbose) { () throws(CLIFailure) in
            let selection = try AccountSelection(options, accountOptions)
            let stored = try selection.requireActive()
            // A cached token good for five more minutes answers from the store just read: no request,
            // no application, no embedded emulator, whether its server runs or not (as `gh auth token`).
            if !forceRefresh, let token = stored.cachedAccessToken(scopes: selection.resolution.scopes,
                                                                   now: CommandEnvironment.current.now()) {
                return Self.print(token, username: stored.username, json: options.json)
            }
            let location = try AccountSelection.location(of: stored)
            if ServerReachability.isReachable(location) == false {
                let port = location.authority?.port.map { " --port \($0)" } ?? ""
                let sentence = ServerReachability.notReachable
                throw CLIFailure(.unavailable, sentence.prefix(1).uppercased() + sentence.dropFirst(),
                                 hint: "\(TerminalText.sanitized(stored.username)) signed in at \(location.summary): start it again there "
                                     + "(`nativeauth emulator\(port)`), or pick another account with --account.")
            }
            let context = try AppContext(location: location, clientId: stored.clientId, challengeTypes: [.OOB, .password],
                                         store: selection.store, storageKey: stored.storageAuthority, verbose: options.verbose, caFile: options.caFile)
            try await context.run { context throws(CLIFailure) in
                let account = try context.libraryAccount(for: stored)
                let parameters = NativeAuthGetAccessTokenParameters(forceRefresh: forceRefresh, scopes: selection.resolution.scopes)
                let token: NativeAuthTokenResult
                do throws(RetrieveAccessTokenError) {
                    token = try await account.getAccessToken(parameters: parameters)
                } catch {
                    throw FailureMapping.failure(error, method: .token)
                }
                Self.print(token, username: account.account.username, json: options.json)
            }
        }
    }

    private static func print(_ token: NativeAuthTokenResult, username: String, json: Bool) {
        if json {
            var object: [String: Any] = ["accessToken": token.accessToken, "scopes": token.scopes, "username": username]
            if let expiresOn = token.expiresOn { object["expiresOn"] = expiresOn }
            JSONOutput.print(object)
        } else {
            Console.result(token.accessToken)
        }
    }
}
