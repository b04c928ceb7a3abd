import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Parses and runs like ArgumentParser's `main()`, but a usage error exits with 2 (not 64).
    static func main() async {
        ProcessHardening.forbidCoreDumps()
        if sendsRequests(Array(CommandLine.arguments.dropFirst())) { HTTPTransports.prepareDefault() }
        endProcess(await execute())
    }

    /// Whether `arguments` name a command that always sends requests (`signin`, `signup`,
    /// `reset-password`, `call`) and do not ask for help: its transport is loaded while the
    /// arguments are parsed. `token` is not one: a cached token needs no request.
    static func sendsRequests(_ arguments: [String]) -> Bool {
        let sending = [SignInCommand.self, SignUpCommand.self, ResetPasswordCommand.self, CallCommand.self]
            .map { $0 as any ParsableCommand.Type }.compactMap { $0.configuration.commandName }
        guard let first = arguments.first, sending.contains(first) else { return false }
        return !arguments.contains { $0 == "-h" || $0 == "--help" }
    }

    /// Parses `arguments` (nil: the process's own) and runs the command in ``CommandEnvironment/current``;
    /// returns the exit code, having printed what the command prints. A usage error is 2 (not 64).
    static func execute(_ arguments: [String]? = nil) async -> Int32 {
        if let unknown = unknownCommand(in: arguments ?? Array(CommandLine.arguments.dropFirst())) {
            Console.report(unknown, verbose: false)
            return CLIExit.usage.rawValue
        }
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            return CLIExit.success.rawValue
        } catch {
            let code = exitCode(for: error)
            let message = fullMessage(for: error)
            if code == .success {
                if !message.isEmpty { Console.result(message) }
                return CLIExit.success.rawValue
            }
            if !message.isEmpty { Console.info(lowercasingErrorPrefix(message)) }
            return code == .validationFailure ? CLIExit.usage.rawValue : code.rawValue
        }
    }
}

extension NativeAuthCommand {
    /// The names `nativeauth COMMAND` takes: each command's name and aliases, and `help`.
    static var commandNames: [String] {
        configuration.subcommands.flatMap { [$0.configuration.commandName ?? ""] + $0.configuration.aliases } + ["help"]
    }

    /// The usage error for a first argument that names no command (`nativeauth accounts`), with the
    /// command meant (`status`) when one is close; nil when the first argument is a command or an option.
    static func unknownCommand(in arguments: [String]) -> CLIFailure? {
        guard let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) else { return nil }
        let shown = TerminalText.sanitized(first, limit: 64)
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        let known = "Commands: \(commands.joined(separator: ", ")) (see `nativeauth --help`)."
        guard let suggestion = CommandSuggestion.suggestion(for: first, among: commands) else {
            return CLIFailure(.usage, "nativeauth has no command '\(shown)'.", hint: known)
        }
        return CLIFailure(.usage, "nativeauth has no command '\(shown)'. Did you mean `nativeauth \(suggestion)`?", hint: known)
    }

    /// ArgumentParser's `Error: …` as every other failure of the tool says it: `error: …`.
    static func lowercasingErrorPrefix(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : message
    }
}

/// The `nativeauth` executable's entry point (Sources/NativeAuthCLI): parses the process's
/// arguments, runs the command, and exits with its code.
public enum NativeAuthTool {
    public static func main() async {
        await NativeAuthCommand.main()
    }
}

/// Ends the process with `code` once everything printed is written out: C's streams are flushed
/// (what the commands print is written unbuffered already), then `_exit(2)`, so no library's exit-time
/// clean-up runs. libcurl's dependencies, loaded with dlopen, free their state in destructors at
/// `exit(3)`, and once (CI, a sign-in over HTTPS that had succeeded and printed its line) that raced
/// a worker thread's own clean-up in libgssapi_krb5 and aborted with a double free. Nothing of
/// `nativeauth`'s is left to an exit handler: the token store writes and syncs each file before it
/// returns, and a child emulator stops when its standard input closes with the process.
private func endProcess(_ code: Int32) -> Never {
    fflush(nil)
    _exit(code)
}
