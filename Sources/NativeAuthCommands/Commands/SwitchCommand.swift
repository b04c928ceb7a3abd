import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// `nativeauth switch`: makes another stored account the active one (the one `token`, `call` and
/// `signout` use with no flags), as `gh auth switch` does.
struct SwitchCommand: ReportingCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: "Make another stored account the active one (the one token, call and signout use).",
        discussion: """
            With one other account stored, no USERNAME is needed. With several, give USERNAME \
            (case-insensitive), or choose from a numbered list at a terminal; a script gets exit 2 \
            and the list. --tenant, --authority and --client-id narrow the choice to one place (when \
            one username signed in at several). No request is sent. Exits 1 when there is no other \
            account to switch to.

            JSON (--json): {"switched": true, "username", "clientId", "location"}

            EXAMPLES:
              nativeauth switch
              nativeauth switch bob@example.com
              nativeauth switch alice@example.com --tenant contoso
            """)

    @Argument(help: ArgumentHelp("The account to make active, by username; asked for when several are stored.", valueName: "USERNAME"))
    var username: String?

    @OptionGroup var options: SharedOptions
    @OptionGroup var output: JSONOption

    func validate() throws {
        if let username, username.trimmed(.whitespaces).isEmpty {
            throw ValidationError("USERNAME is empty: give one such as bob@example.com, or none to switch to the only other account.")
        }
    }

    func perform(in environment: CommandEnvironment) async throws(CLIFailure) {
        let selection = try AccountSelection(options, username: nil, in: environment)
        let active = selection.activeOfAll
        var candidates = selection.accounts
        if let username = username?.trimmed(.whitespaces) {
            candidates = candidates.filter { $0.username.lowercased() == username.lowercased() }
            if let active, candidates.count == 1, candidates[0].isSame(as: active) {
                return report(active, already: true, to: environment.console)
            }
        }
        candidates.removeAll { candidate in active.map(candidate.isSame) ?? false }
        let chosen = try await choose(from: candidates, selection: selection, in: environment)
        do {
            guard try NativeAuthAccountStore(selection.store).activate(chosen, at: environment.now()) else {
                throw CLIFailure(.failure, "\(TerminalText.sanitized(chosen.username)) was signed out meanwhile.")
            }
        } catch let failure as CLIFailure {
            throw failure
        } catch {
            throw CLIFailure(.failure, "The token store could not be updated: \(error)")
        }
        report(chosen, already: false, to: environment.console)
    }

    private func choose(from candidates: [NativeAuthStoredAccount], selection: AccountSelection,
                        in environment: CommandEnvironment) async throws(CLIFailure) -> NativeAuthStoredAccount {
        if candidates.count == 1 { return candidates[0] }
        if candidates.isEmpty {
            if let username {
                let names = Set(selection.stored.map { TerminalText.sanitized($0.username.lowercased()) }).sorted()
                throw CLIFailure(.failure, "No other account \(TerminalText.sanitized(username)) is signed in.",
                                 hint: names.isEmpty ? "Run `\(selection.next.line(["signin"], operand: username))` to sign in."
                                     : "Stored accounts: \(names.joined(separator: ", ")).")
            }
            throw CLIFailure(.failure, selection.stored.isEmpty ? "Nobody is signed in." : "There is no other account to switch to.",
                             hint: "Run `\(selection.next.line(["signin"]))` to sign in with another account.")
        }
        let labels = candidates.map { account in
            "\(TerminalText.sanitized(account.username)) (\(account.placeSummary), client ID \(TerminalText.sanitized(account.clientId)))"
        }
        guard environment.inputIsTerminal else {
            throw CLIFailure(.usage, "Several accounts could be made active: give the USERNAME (and --tenant, --authority or --client-id when it is at several places).",
                             hint: NumberedChoice.numbered(labels).joined(separator: "\n"))
        }
        environment.console.info("Which account should be active?")
        let chosen = await NumberedChoice.ask(
            candidates, labels: labels, prompt: "Account (1-\(candidates.count)): ",
            otherwise: "Answer a number from 1 to \(candidates.count).", in: environment
        ) { answer in
            let named = candidates.filter { $0.username.lowercased() == answer.lowercased() }
            return named.count == 1 ? named[0] : nil
        }
        guard let chosen else { throw InputEnded.failure(.account, in: environment) }
        return chosen
    }

    private func report(_ account: NativeAuthStoredAccount, already: Bool, to console: Console) {
        if output.json {
            JSONOutput.print(["switched": !already, "username": account.username, "clientId": account.clientId,
                              "location": account.placeJSON], to: console)
        } else {
            let name = TerminalText.sanitized(account.username)
            console.result(already ? "\(name) (\(account.placeSummary)) is already the active account."
                : "Switched to \(name) (\(account.placeSummary)): token, call and signout use it now.")
        }
    }
}
