import ArgumentParser
import Foundation
import NativeAuthShared

/// `nativeauth`: sign in from a terminal or a script.
struct NativeAuthCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nativeauth",
        abstract: "Sign in to a Microsoft Entra External ID tenant (or the local emulator) from a terminal or a script.",
        discussion: """
            With no --tenant, --authority or NATIVEAUTH_* variables, `signin`, `signup` and `reset-password` use an embedded emulator \
            (demo users alice@example.com with an email code, bob@example.com with password Passw0rd!). \
            After `signin`, `token`, `status` and `signout` need no flags: the store remembers where the \
            account signed in. Several accounts can be stored, at one place too: `status` lists them and \
            marks the active one, `switch` makes another active, `--account USERNAME` picks one for a \
            single command.

            EXAMPLES:
              nativeauth signin --email alice@example.com
              nativeauth signup carol@example.com --attribute displayName=Carol
              nativeauth reset-password bob@example.com
              nativeauth token
              nativeauth call /v1.0/me
              nativeauth status --json
              nativeauth switch bob@example.com
              nativeauth token --account bob@example.com
              nativeauth signout --all

            \(CLIExit.helpText)
            `nativeauth call` also exits 6 when the API answers with an HTTP status that is not 2xx.
            """,
        version: NativeAuthVersion.current,
        subcommands: [SignInCommand.self, SignUpCommand.self, ResetPasswordCommand.self, TokenCommand.self, CallCommand.self, StatusCommand.self, SwitchCommand.self, SignOutCommand.self, EmulatorCommand.self]
    )

    /// Parses and runs like ArgumentParser's `main()`, but a usage error exits with 2 (not 64).
    static func main() async {
        ProcessHardening.forbidCoreDumps()
        Foundation.exit(await execute())
    }

    /// Parses `arguments` (nil: the process's own) and runs the command in ``CommandEnvironment/current``;
    /// returns the exit code, having printed what the command prints. A usage error is 2 (not 64).
    static func execute(_ arguments: [String]? = nil) async -> Int32 {
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
