#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser

/// Options every command shares: where to sign in, the token store, the CA to trust, `--verbose`.
/// (`--scope` and `--json` are groups of their own, ``ScopeOption`` and ``JSONOption``, for the
/// commands that take them.)
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

    @Flag(name: .long, help: "Show protocol details: server error, suberror, codes, correlation id (never secrets).")
    var verbose = false

    @Option(name: .customLong("ca-file"), help: ArgumentHelp(
        "A PEM file of CA certificates to trust instead of the system's, such as `nativeauth emulator --tls`'s (env NATIVEAUTH_CA_FILE); a sign-in's is remembered for its place.",
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
        // An empty folder would be the current one: tokens written into whatever folder the command runs in.
        if let storeDirectory, storeDirectory.trimmed(.whitespaces).isEmpty {
            throw ValidationError("--store-dir needs a folder; leave it out for the default one.")
        }
    }

    /// The options that chose the place and the token store, as the words of a command line that
    /// does the same (in a command the CLI prints: to start over, to sign in in the browser).
    var arguments: [String] {
        placeArguments + storeArguments
    }

    /// `--tenant`, `--authority` and `--client-id`, as given.
    var placeArguments: [String] {
        var words: [String] = []
        if let tenant { words += ["--tenant", tenant] }
        if let authority { words += ["--authority", authority] }
        if let clientId { words += ["--client-id", clientId] }
        return words
    }

    /// `--ca-file`, `--store-dir` and `--storage`, as given.
    var storeArguments: [String] {
        var words: [String] = []
        if let caFileOption { words += ["--ca-file", caFileOption] }
        if let storeDirectory { words += ["--store-dir", storeDirectory] }
        if let storage { words += ["--storage", storage] }
        return words
    }

    private static func isReadable(_ caFile: String) -> Bool {
        FileManager.default.isReadableFile(atPath: caFile)
    }

    private static func unreadable(_ caFile: String) -> String {
        "The CA file '\(caFile)' (--ca-file or NATIVEAUTH_CA_FILE) cannot be read."
    }
}
