import ArgumentParser
import NativeAuth
import NativeAuthShared

/// `nativeauth`: sign in from a terminal or a script.
struct NativeAuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nativeauth",
        abstract: "Sign in to a Microsoft Entra External ID tenant (or the local emulator) from a terminal or a script.",
        discussion: """
            Start with `nativeauth signin`: with no --tenant, --authority or NATIVEAUTH_* variables it \
            uses an embedded emulator (demo users alice@example.com with an email code, \
            bob@example.com with password Passw0rd!). The store remembers where each account signed \
            in, so `token`, `call`, `status`, `switch` and `signout` need no flags. Each command's \
            --help has examples.

            """ + CLIExit.helpSummary,
        version: NativeAuthVersion.current,
        subcommands: [SignInCommand.self, SignUpCommand.self, ResetPasswordCommand.self, TokenCommand.self, CallCommand.self, StatusCommand.self, SwitchCommand.self, SignOutCommand.self, EmulatorCommand.self]
    )

    /// ArgumentParser's `Error: ` as every other failure of the tool says it: `error: `.
    static var _errorPrefix: String { "error: " }

    /// Whether `arguments` name a command that always sends requests (`signin`, `signup`,
    /// `reset-password`, `call`) and do not ask for help: its transport is loaded while the
    /// arguments are parsed. `token` is not one: a cached token needs no request.
    static func sendsRequests(_ arguments: [String]) -> Bool {
        let sending = [SignInCommand.self, SignUpCommand.self, ResetPasswordCommand.self, CallCommand.self]
            .map { $0 as any ParsableCommand.Type }.compactMap { $0.configuration.commandName }
        guard let first = arguments.first, sending.contains(first) else { return false }
        return !arguments.contains { $0 == "-h" || $0 == "--help" }
    }
}

extension NativeAuthCommand {
    /// The usage error for a first argument that names no command (`nativeauth accounts`), for a
    /// second that names no subcommand of a command that has them (`nativeauth emulator rest`: such
    /// a command takes no operand of its own, so a word right after it can only be a subcommand), or
    /// for `help` about one (`nativeauth help nope`, which ArgumentParser would answer with the
    /// root's help and exit 0), with the command meant (`status`, `reset`) when one is close; nil
    /// when the arguments start with a command (and its subcommand) or an option.
    static func unknownCommand(in arguments: [String]) -> CLIFailure? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        if first == "help" { return unknownHelpTopic(Array(arguments.dropFirst())) }
        guard let command = subcommand(named: first, of: self) else {
            return noCommand(first, under: ["nativeauth"], among: configuration.subcommands)
        }
        let subcommands = command.configuration.subcommands
        guard !subcommands.isEmpty, arguments.count > 1, !arguments[1].hasPrefix("-"),
              subcommand(named: arguments[1], of: command) == nil else { return nil }
        return noCommand(arguments[1], under: ["nativeauth", first], among: subcommands)
    }

    /// The subcommand of `command` that `word` names (its name or an alias), if any.
    private static func subcommand(named word: String, of command: any ParsableCommand.Type) -> (any ParsableCommand.Type)? {
        command.configuration.subcommands.first { $0.configuration.commandName == word || $0.configuration.aliases.contains(word) }
    }

    /// The usage error for `help WORD ...` whose words are not a command and its subcommands.
    private static func unknownHelpTopic(_ words: [String]) -> CLIFailure? {
        var command: any ParsableCommand.Type = NativeAuthCommand.self
        var path = ["nativeauth"]
        for word in words where !word.hasPrefix("-") {
            guard let next = subcommand(named: word, of: command)
            else { return noCommand(word, under: path, among: command.configuration.subcommands) }
            command = next
            path.append(word)
        }
        return nil
    }

    /// "`path` has no command 'word'", with the one meant when one is close and the commands there are.
    private static func noCommand(_ word: String, under path: [String], among subcommands: [any ParsableCommand.Type]) -> CLIFailure {
        let shown = TerminalText.sanitized(word, limit: 64)
        let parent = path.joined(separator: " ")
        let commands = subcommands.compactMap { $0.configuration.commandName }
        let known = commands.isEmpty ? "`\(parent)` has no commands (see `\(parent) --help`)."
            : "Commands: \(commands.joined(separator: ", ")) (see `\(parent) --help`)."
        guard let suggestion = CommandSuggestion.suggestion(for: word, among: commands) else {
            return CLIFailure(.usage, "\(parent) has no command '\(shown)'.", hint: known)
        }
        return CLIFailure(.usage, "\(parent) has no command '\(shown)'. Did you mean `\(parent) \(suggestion)`?", hint: known)
    }

    /// Reports on `console` the usage error for a first argument that names no command, and
    /// returns true; false (nothing printed) when the first argument is a command or an option.
    /// ArgumentParser would say `Unexpected argument`, without the command meant.
    static func reportUnknownCommand(in arguments: [String], on console: Console) -> Bool {
        guard let unknown = unknownCommand(in: arguments) else { return false }
        console.report(unknown, verbose: false)
        return true
    }
}
