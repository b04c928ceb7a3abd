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
            with. A cached token is used while it has more than five minutes to live. The account is \
            the one that signed in last, unless --account or the location flags pick another (see \
            `nativeauth status`). Exits 1 when nobody is signed in, 5 when the server cannot be \
            reached (for a stopped `nativeauth emulator`: "server not reachable").

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
            let location = try AccountSelection.location(of: stored)
            if ServerReachability.isReachable(location) == false {
                let port = location.authority?.port.map { " --port \($0)" } ?? ""
                let sentence = ServerReachability.notReachable
                throw CLIFailure(.unavailable, sentence.prefix(1).uppercased() + sentence.dropFirst(),
                                 hint: "\(TerminalText.sanitized(stored.username)) signed in at \(location.summary): start it again there "
                                     + "(`nativeauth emulator\(port)`), or pick another account with --account.")
            }
            // A cached token good for five more minutes answers from the store just read: no second
            // read, no application, no embedded emulator (the same token the library would answer with).
            if !forceRefresh, let token = stored.cachedAccessToken(scopes: selection.resolution.scopes) {
                return Self.print(token, username: stored.username, json: options.json)
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
