#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NativeAuth

/// The application a command talks to, its token store, the environment it runs in, and the
/// embedded emulator if it uses one (with the display of its codes). A command ends it with
/// ``close()`` whatever happened.
struct AppContext {
    let app: NativeAuthPublicClientApplication
    let store: any NativeAuthTokenStore
    let location: SignInLocation
    /// The command's environment: where the prompts, results and the library's log go.
    let environment: CommandEnvironment
    let emulator: EmbeddedEmulatorHost?
    /// The embedded emulator's codes, shown by the flow drivers (nothing without the emulator).
    let codes: EmbeddedCodeDisplay
    /// The CA file trusted instead of the system's CAs, if any (``RememberedCAFiles``).
    let caFile: String?
    /// The place as the commands the hints print carry it (``NextCommand``).
    let next: NextCommand

    /// Opens the token store of `options` (its `--store-dir`, else the default folder) in the keyring
    /// or the file (``TokenStorage``); `migrating` moves accounts from the file to the keyring first.
    static func openStore(_ options: SharedOptions, migrating: Bool = false,
                          in environment: CommandEnvironment) throws(CLIFailure) -> any NativeAuthTokenStore {
        try TokenStorage.open(options, migrating: migrating, in: environment)
    }

    /// Builds the application for `location` and `clientId` on `store`, speaking `api`. Its account is
    /// kept under `storageKey` (a stored account's own key), else under the location's key for new sign-ins.
    /// For the embedded emulator, a port is held for it and, with `verbose`, the line that says so
    /// printed; the emulator starts with the first request. `next` is the place as hints print it.
    init(location: SignInLocation, clientId: String, challengeTypes: NativeAuthChallengeTypes, api: NativeAuthAPI = .v1,
         store: any NativeAuthTokenStore, storageKey: String? = nil, verbose: Bool, caFile: String? = nil, next: NextCommand,
         environment: CommandEnvironment) throws(CLIFailure) {
        let emulator = location == .embeddedEmulator ? try EmbeddedEmulatorHost(environment: environment) : nil
        guard let authority = emulator?.authority ?? location.authority else {
            throw CLIFailure(.failure, "No authority for \(location.summary).")
        }
        do {
            let config = try NativeAuthPublicClientApplicationConfig(
                clientId: clientId, authority: authority, challengeTypes: challengeTypes)
            config.transport = emulator.map { EmulatorStartingTransport(host: $0) }
            config.tokenStore = store
            // The CLI can prove a second factor and register one (StrongAuthDriver).
            config.capabilities = [.mfaRequired, .registrationRequired]
            config.logger = verbose ? Self.verboseLogger(environment.logHandler) : nil
            config.storageAuthority = storageKey ?? location.storageKey
            // Several accounts per place and client ID, as `gh` keeps several per host: `switch` picks.
            config.keepsSeveralAccounts = true
            config.caFile = caFile
            config.api = api
            app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
        } catch {
            throw CLIFailure(.usage, "\(error)")
        }
        self.store = store
        self.location = location
        self.environment = environment
        self.emulator = emulator
        self.caFile = caFile
        self.next = next
        codes = EmbeddedCodeDisplay(host: emulator, console: environment.console)
        if verbose, let emulator {
            environment.console.info(EmulatorSettings.verboseNotice(port: emulator.port, in: environment))
        }
    }

    /// Ends the context: stops the embedded emulator if a request started it.
    func close() async {
        await emulator?.stop()
    }

    /// `failure` of a request made here, as the command reports it: an embedded emulator that could not
    /// start is this machine's fault (exit 1, its reason, never "check the network"), a host name that
    /// does not resolve is said so (``HostResolution``), and a certificate this machine does not trust
    /// names `--ca-file` (``TLSTrust``).
    func explained(_ failure: CLIFailure) -> CLIFailure {
        if failure.noServerAnswered, let startFailure = emulator?.startFailure {
            return CLIFailure(.failure, startFailure.description, details: failure.details)
        }
        return TLSTrust.explained(HostResolution.explained(failure, at: location, variables: environment.variables), caFile: caFile)
    }

    /// The library's log on standard error, for `--verbose`.
    private static func verboseLogger(_ handler: @escaping @Sendable (String) -> any LogHandler) -> Logger {
        var logger = Logger(label: "nativeauth", factory: { SanitizingLogHandler(wrapped: handler($0)) })
        logger.logLevel = .debug
        return logger
    }
}
