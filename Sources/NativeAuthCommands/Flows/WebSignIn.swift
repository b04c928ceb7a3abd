import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// `signin --browser` and `signin --device-code`: the library's browser and device-code sign-ins,
/// with what they show on the terminal.
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
        parameters.browserOpener = AnnouncingOpener()
        do {
            return try await context.app.acquireToken(parameters: parameters)
        } catch {
            throw FailureMapping.failure(error, method: .browser)
        }
    }

    /// Prints the code and the page, then waits until someone signs in with them there.
    func deviceCode() async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let parameters = NativeAuthDeviceCodeParameters(scopes: scopes ?? [])
        var state: DeviceCodePendingState
        switch await context.app.acquireTokenWithDeviceCode(parameters: parameters) {
        case .error(let error):
            throw FailureMapping.failure(error, method: .browser)
        case .codeIssued(let issued):
            state = issued
        }
        Console.info(TerminalText.sanitized(state.message))
        Console.info("Waiting for the sign-in on that page (the code expires in \(Int(state.expiresOn.timeIntervalSince(CommandEnvironment.current.now()) / 60 + 0.5)) minutes)...")
        var unavailable = 0
        while true {
            switch await state.waitForSignIn() {
            case .completed(let result):
                return result
            case .error(let error, let next):
                // An unreachable server may come back: wait again, a few times.
                guard let next, error.isServerUnavailable, unavailable < 3 else { throw FailureMapping.failure(error, method: .browser) }
                unavailable += 1
                Console.info("The server could not be reached; still waiting.")
                state = next
            }
        }
    }
}

/// Says where the sign-in page is before opening it, so the URL is on the terminal even when no
/// browser opens (a machine without one, an SSH session).
struct AnnouncingOpener: BrowserOpener {
    let system = SystemBrowserOpener(environment: ProcessEnvironment.variables)
    /// The command's environment, where the lines go whichever task the library opens the page from.
    let environment = CommandEnvironment.current

    func open(_ url: URL) async -> Bool {
        await CommandEnvironment.$current.withValue(environment) {
            Console.info("Opening the sign-in page in your browser. If it does not open, go to:\n  \(url.absoluteString)")
            // The opener's own output (xdg-open's errors without a browser) stays off the terminal.
            if await !system.open(url) {
                Console.info("No browser could be started ($BROWSER and xdg-open): open the page above yourself.")
            } else {
                Console.info("If no browser window appears, open the page above yourself.")
            }
            Console.info("Waiting for the browser to come back (5 minutes at most)...")
            return true
        }
    }
}
