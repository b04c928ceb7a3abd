import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth

/// `nativeauth status`: every stored account, where it signed in and its token expiry, the active
/// one marked. Never prints tokens.
struct StatusCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "List the stored accounts: who, where, client ID, token expiry; the active one is marked.",
        discussion: """
            Several accounts can be kept at one place (each sign-in of another user adds one). The \
            active account, marked "(active)", is the one `token`, `call` and `signout` act on by \
            default: the one that signed in, or was made active with `nativeauth switch`, last among \
            those matching --tenant, --authority, --client-id and --account. An account \
            whose `nativeauth emulator` (a loopback authority) no longer accepts connections is shown \
            with "server not reachable". No request is sent to any server and no token is printed, \
            unless --check: then each listed account's token is refreshed once, and a "check:" line \
            says whether it still works (a refresh token the server revoked, an account removed \
            there); exit 1 when one does not, 5 when one could not be checked (its server could not \
            be reached). Exits 1 when no account is stored (or none matches).

            JSON (--json): {"accounts": [{"active", "username", "identifier", "clientId", "location", \
            "signedInAt", "hasRefreshToken", "accessTokens", "claims", "serverReachable"?, "caFile"?, \
            "check"?: {"works", "problem"?, "code"?}}], \
            "active": INDEX or null, "storage": {"kind": "keyring", "service"} or {"kind": "file", "path"}}

            EXAMPLES:
              nativeauth status
              nativeauth status --json
              nativeauth status --check
              nativeauth status --account alice@example.com
            """)

    @Flag(name: .long, help: "Refresh each listed account's token once and say whether it still works (exit 1 if one does not); no token is printed.")
    var check = false

    @OptionGroup var options: SharedOptions
    @OptionGroup var output: JSONOption
    @OptionGroup var accountOptions: AccountOptions

    func perform(in environment: CommandEnvironment) async throws(CLIFailure) {
        let selection = try AccountSelection(options, accountOptions, in: environment)
        let caFiles = RememberedCAFiles(options, in: environment)
        var report = StatusReport(selection, caFiles: caFiles.read())
        if check {
            for index in report.entries.indices {
                report.entries[index].check = await AccountCheck.run(report.entries[index].account, store: selection.store,
                                                                     options: options, in: environment)
            }
        }
        // After the checks: a refresh changed the accounts' tokens, so read them again.
        if check, let reread = try? AccountSelection(options, accountOptions, in: environment) {
            let checked = report.entries.compactMap { entry in entry.check.map { (entry.account, $0) } }
            report = StatusReport(reread, caFiles: caFiles.read())
            for index in report.entries.indices {
                report.entries[index].check = checked.first { $0.0.isSame(as: report.entries[index].account) }?.1
            }
        }
        report.now = environment.now()
        let console = environment.console
        if output.json {
            JSONOutput.print(report.json.merging(["storage": TokenStorage.json(of: selection.store)]) { $1 }, to: console)
        } else if !report.entries.isEmpty {
            report.lines.forEach(console.result)
            console.result("Tokens are kept in the \(TokenStorage.summary(of: selection.store)).")
        }
        if report.entries.isEmpty { throw selection.noAccount() }
        let broken = report.entries.filter { $0.check?.works == false && $0.check?.serverUnreachable == false }
        let see = output.json ? "its \"check\" in the JSON" : "check:"
        if !broken.isEmpty {
            // Each at its place: the sign-in its check names, and the signout in this token store (the
            // address right after --account, the place's options after it).
            let ways = broken.compactMap { entry in
                entry.check.map { "Sign \(TerminalText.sanitized(entry.account.username)) in again: \($0.signIn)\n"
                    + "or remove it: " + selection.next.line(["signout", "--account", entry.account.username]) }
            }
            throw CLIFailure(.failure, "An account does not work any more (see \(see) above).", hint: ways.joined(separator: "\n"))
        }
        if report.entries.contains(where: { $0.check?.serverUnreachable == true }) {
            throw CLIFailure(.unavailable, "An account could not be checked: its server could not be reached (see \(see) above).",
                             hint: "Check it again once the server is up; nothing was changed.")
        }
    }
}
