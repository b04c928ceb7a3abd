import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// `signin --browser` and `signin --device-code`: the library's browser and device-code sign-ins,
/// with what they show on the terminal. While one waits for the person to sign in on the web page,
/// the embedded emulator's page sends its codes: they are shown as they come
/// (``EmbeddedCodeDisplay/showingSent(during:)``).
struct WebSignIn {
    let context: AppContext
    let scopes: [String]?
    let loginHint: String?

    /// `--browser` and `--device-code` go alone: not with each other, nor with the native options.
    static func validate(browser: Bool, deviceCode: Bool, native: Bool) throws {
        if browser && deviceCode { throw ValidationError("Give --browser or --device-code, not both.") }
        if (browser || deviceCode) && native {
            throw ValidationError("--\(browser ? "browser" : "device-code") signs in on a web page: it does not go with --email, --password or --code.")
        }
    }

    /// Opens the sign-in page in the browser and waits for it to come back.
    func browser() async throws(CLIFailure) -> NativeAuthUserAccountResult {
        // The page is served by the embedded emulator: it must listen before the browser asks.
        try await context.startEmbeddedEmulator()
        let parameters = NativeAuthInteractiveTokenParameters(scopes: scopes ?? [])
        parameters.loginHint = loginHint.flatMap { $0.trimmed(.whitespaces).isEmpty ? nil : $0 }
        parameters.browserOpener = AnnouncingOpener(environment: context.environment)
        let app = context.app
        do throws(InteractiveTokenError) {
            return try await context.codes.showingSent { () async throws(InteractiveTokenError) in
                try await app.acquireToken(parameters: parameters)
            }
        } catch {
            throw context.failure(error, method: .browser)
        }
    }

    /// Prints the code and the page, then waits until someone signs in with them there.
    func deviceCode() async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let parameters = NativeAuthDeviceCodeParameters(scopes: scopes ?? [])
        let console = context.environment.console
        // The page's codes are this sign-in's: its user types the address there, not here.
        context.codes.includeWebPageCodes()
        var state: DeviceCodePendingState
        switch await context.app.acquireTokenWithDeviceCode(parameters: parameters) {
        case .error(let error):
            throw context.failure(error, method: .browser)
        case .codeIssued(let issued):
            state = issued
        }
        console.info(TerminalText.sanitized(state.message))
        let minutes = Int(state.expiresOn.timeIntervalSince(context.environment.now()) / 60 + 0.5)
        console.info("Waiting for the sign-in on that page (the code expires in \(minutes) minutes)...")
        var unavailable = 0
        while true {
            let pending = state
            switch await context.codes.showingSent(during: { await pending.waitForSignIn() }) {
            case .completed(let result):
                return result
            case .error(let error, let next):
                // An unreachable server may come back: wait again, a few times.
                guard let next, error.isServerUnavailable, unavailable < 3 else { throw context.failure(error, method: .browser) }
                unavailable += 1
                console.info("The server could not be reached; still waiting.")
                state = next
            }
        }
    }
}

/// Says where the sign-in page is before opening it, so the URL is on the terminal even when no
/// browser opens (a machine without one, an SSH session).
struct AnnouncingOpener: BrowserOpener {
    /// The command's environment: its variables (`BROWSER`), and where the lines go.
    let environment: CommandEnvironment

    func open(_ url: URL) async -> Bool {
        let console = environment.console
        console.info("Opening the sign-in page in your browser. If it does not open, go to:\n  \(url.absoluteString)")
        // The opener's own output (xdg-open's errors without a browser) stays off the terminal.
        if await !SystemBrowserOpener(environment: environment.variables).open(url) {
            console.info("No browser could be started ($BROWSER and xdg-open): open the page above yourself.")
        } else {
            console.info("If no browser window appears, open the page above yourself.")
        }
        console.info("Waiting for the browser to come back (5 minutes at most)...")
        return true
    }
}
