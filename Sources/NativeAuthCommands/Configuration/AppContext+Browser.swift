extension AppContext {
    /// Starts the embedded emulator now (if this context uses it): a browser sign-in's first request
    /// comes from the browser, not from the library, so the page must be served before it opens.
    /// Its sign-in page's codes are shown from now on (``EmbeddedCodeDisplay/includeWebPageCodes()``).
    func startEmbeddedEmulator() async throws(CLIFailure) {
        codes.includeWebPageCodes()
        do {
            try await emulator?.start()
        } catch {
            throw CLIFailure(.unavailable, error.description)
        }
    }
}
