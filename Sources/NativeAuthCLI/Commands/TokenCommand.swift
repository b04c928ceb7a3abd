import ArgumentParser
import NativeAuth

/// `nativeauth token`: prints an access token of the signed-in account, refreshing it when needed.
struct TokenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Print an access token for the signed-in account (refreshed when needed).",
        discussion: """
            The token is printed alone on standard output, so it can be used directly:
              curl -H "Authorization: Bearer $(nativeauth token)" https://api.example.com/
            A cached token is used while it has more than five minutes to live. Exits 1 when nobody is \
            signed in.

            EXAMPLES:
              nativeauth token
              nativeauth token --scope api://contoso/Data.Read --json
              nativeauth token --force-refresh
            """)

    @Flag(name: .customLong("force-refresh"), help: "Get a new token even when the cached one is still valid.")
    var forceRefresh = false

    @OptionGroup var options: SharedOptions

    func run() async throws {
        try await CommandRunner.run(verbose: options.verbose) { () throws(CLIFailure) in
            let found = try StoredAccountLookup.require(options)
            try await found.context.run { context throws(CLIFailure) in
                let account = try found.accountResult()
                let parameters = NativeAuthGetAccessTokenParameters(forceRefresh: forceRefresh, scopes: found.resolution.scopes)
                let token: NativeAuthTokenResult
                do throws(RetrieveAccessTokenError) {
                    token = try await account.getAccessToken(parameters: parameters)
                } catch {
                    throw FailureMapping.failure(error, method: .token)
                }
                if options.json {
                    var object: [String: Any] = ["accessToken": token.accessToken, "scopes": token.scopes,
                                                 "username": account.account.username]
                    if let expiresOn = token.expiresOn { object["expiresOn"] = expiresOn }
                    JSONOutput.print(object)
                } else {
                    Console.result(token.accessToken)
                }
            }
        }
    }
}
