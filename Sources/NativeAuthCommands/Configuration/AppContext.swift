#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Logging
import NativeAuth

/// The application a command talks to, its token store, and the embedded emulator if it uses one.
struct AppContext {
    let app: NativeAuthPublicClientApplication
    let store: any NativeAuthTokenStore
    let location: SignInLocation
    let emulator: EmbeddedEmulatorHost?

    /// Opens the token store of `options` (its `--store-dir`, else the default folder) in the keyring
    /// or the file (``TokenStorage``); `migrating` moves accounts from the file to the keyring first.
    static func openStore(_ options: SharedOptions, migrating: Bool = false) throws(CLIFailure) -> any NativeAuthTokenStore {
        try TokenStorage.open(options, migrating: migrating)
    }

    /// Builds the application for `location` and `clientId` on `store`. Its account is kept under
    /// `storageKey` (a stored account's own key), else under the location's key for new sign-ins.
    init(location: SignInLocation, clientId: String, challengeTypes: NativeAuthChallengeTypes,
         store: any NativeAuthTokenStore, storageKey: String? = nil, verbose: Bool, caFile: String? = nil) throws(CLIFailure) {
        let emulator = location == .embeddedEmulator ? try EmbeddedEmulatorHost(verbose: verbose) : nil
        guard let authority = emulator?.authority ?? location.authority else {
            throw CLIFailure(.failure, "No authority for \(location.summary).")
        }
        do {
            let config = try NativeAuthPublicClientApplicationConfig(
                clientId: clientId, authority: authority, challengeTypes: challengeTypes)
            config.transport = emulator.map { EmbeddedEmulatorTransport(host: $0) }
            config.tokenStore = store
            // The CLI can prove a second factor and register one (StrongAuthDriver).
            config.capabilities = [.mfaRequired, .registrationRequired]
            config.logger = verbose ? Self.verboseLogger : nil
            config.storageAuthority = storageKey ?? location.storageKey
            // Several accounts per place and client ID, as `gh` keeps several per host: `switch` picks.
            config.keepsSeveralAccounts = true
            config.caFile = caFile
            app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
        } catch {
            throw CLIFailure(.usage, "\(error)")
        }
        self.store = store
        self.location = location
        self.emulator = emulator
    }

    /// Runs `body`, then stops the embedded emulator (if it was started) whatever happened.
    func run<T>(_ body: (AppContext) async throws(CLIFailure) -> T) async throws(CLIFailure) -> T {
        let result: Result<T, CLIFailure>
        do {
            result = .success(try await body(self))
        } catch {
            result = .failure(HostResolution.explained(error, at: location))
        }
        await emulator?.stop()
        return try result.get()
    }

    /// The library's log on standard error, for `--verbose`.
    private static var verboseLogger: Logger {
        let handler = CommandEnvironment.current.logHandler
        var logger = Logger(label: "nativeauth", factory: { SanitizingLogHandler(wrapped: handler($0)) })
        logger.logLevel = .debug
        return logger
    }
}
