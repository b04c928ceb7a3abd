#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser

/// Options every command shares: where to sign in, scopes, output.
struct SharedOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Tenant subdomain: sign in at https://SUB.ciamlogin.com/SUB.onmicrosoft.com (env NATIVEAUTH_TENANT).",
        valueName: "SUB"))
    var tenant: String?

    @Option(name: .long, help: ArgumentHelp(
        "Authority URL, such as a custom domain or http://127.0.0.1:PORT/emulator.onmicrosoft.com; nativeauth:embedded-emulator names the embedded emulator (env NATIVEAUTH_AUTHORITY).",
        valueName: "URL"))
    var authority: String?

    @Option(name: .customLong("client-id"), help: ArgumentHelp(
        "Application (client) ID of the app registration (env NATIVEAUTH_CLIENT_ID). Defaults to the emulator's on loopback.",
        valueName: "ID"))
    var clientId: String?

    @Option(name: .customLong("scope"), help: ArgumentHelp(
        "One scope of an API to request; repeat the option for several (env NATIVEAUTH_SCOPES, space-separated).",
        valueName: "S"))
    var scopes: [String] = []

    @Flag(name: .long, help: "Print stable machine-readable JSON on standard output.")
    var json = false

    @Flag(name: .long, help: "Show protocol details: server error, suberror, codes, correlation id (never secrets).")
    var verbose = false

    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "A PEM file of CA certificates to trust instead of the system's, such as `nativeauth emulator --tls`'s (env NATIVEAUTH_CA_FILE).",
        valueName: "FILE"))
    var caFileOption: String?

    @Option(name: .customLong("store-dir"), help: ArgumentHelp(
        "Folder of the token store (default $XDG_STATE_HOME/nativeauth, else ~/.local/state/nativeauth).",
        valueName: "DIR"))
    var storeDirectory: String?

    @Option(name: .long, help: ArgumentHelp(
        "Where to keep tokens: keyring (the Secret Service: GNOME Keyring, KWallet, …) or file (tokens.json in the store folder). Default: the keyring when one is on the session bus (env NATIVEAUTH_STORAGE).",
        valueName: "keyring|file"))
    var storage: String?

    /// `--ca-file`, else `NATIVEAUTH_CA_FILE` in `environment`; nil for the system's CAs.
    func caFile(in environment: CommandEnvironment) -> String? {
        caFileOption ?? environment.variable("NATIVEAUTH_CA_FILE")
    }

    /// Fails (a usage error) when `NATIVEAUTH_CA_FILE` in `environment` names a file that cannot be
    /// read and no `--ca-file` replaces it: every command checks it first, as ``validate()`` checks
    /// `--ca-file` while the command line is parsed.
    func checkCAFileVariable(in environment: CommandEnvironment) throws(CLIFailure) {
        if caFileOption == nil, let caFile = caFile(in: environment), !Self.isReadable(caFile) {
            throw CLIFailure(.usage, Self.unreadable(caFile))
        }
    }

    func validate() throws {
        if let caFileOption, !Self.isReadable(caFileOption) {
            throw ValidationError(Self.unreadable(caFileOption))
        }
        if tenant != nil && authority != nil {
            throw ValidationError("Give --tenant or --authority, not both.")
        }
        for scope in scopes {
            if scope.isEmpty { throw ValidationError("--scope is empty: give a scope such as api://contoso/Data.Read.") }
            if scope.contains(where: { $0.isWhitespace || $0 == "," }) {
                throw ValidationError("--scope '\(scope)' holds several scopes: give each scope with its own --scope.")
            }
        }
    }

    private static func isReadable(_ caFile: String) -> Bool {
        FileManager.default.isReadableFile(atPath: caFile)
    }

    private static func unreadable(_ caFile: String) -> String {
        "The CA file '\(caFile)' (--ca-file or NATIVEAUTH_CA_FILE) cannot be read."
    }
}
