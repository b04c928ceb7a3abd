import ArgumentParser
import Foundation
import NativeAuth

/// `nativeauth status`: every stored account, where it signed in and its token expiry, the active
/// one marked. Never prints tokens.
struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List the stored accounts: who, where, client ID, token expiry; the active one is marked.",
        discussion: """
            Several accounts can be kept at one place (each sign-in of another user adds one). The \
            active account, marked "(active)", is the one `token`, `call` and `signout` act on by \
            default: the one that signed in, or was made active with `nativeauth switch`, last among \
            those matching --tenant, --authority, --client-id and --account. An account \
            whose `nativeauth emulator` (a loopback authority) no longer accepts connections is shown \
            with "server not reachable". No request is sent to any server and no token is printed. \
            Exits 1 when no account is stored (or none matches).

            JSON (--json): {"accounts": [{"active", "username", "identifier", "clientId", "location", \
            "signedInAt", "hasRefreshToken", "accessTokens", "claims", "serverReachable"?}], \
            "active": INDEX or null}

            EXAMPLES:
              nativeauth status
              nativeauth status --json
              nativeauth status --account alice@example.com
            """)

    @OptionGroup var options: SharedOptions
    @OptionGroup var accountOptions: AccountOptions

    func run() async throws {
        try await CommandRunner.run(verbose: options.verbose) { () throws(CLIFailure) in
            let selection = try AccountSelection(options, accountOptions)
            var report = StatusReport(selection)
            report.now = CommandEnvironment.current.now()
            if options.json {
                JSONOutput.print(report.json)
            } else if !report.entries.isEmpty {
                report.lines.forEach(Console.result)
            }
            if report.entries.isEmpty { throw selection.noAccount() }
        }
    }
}
