extension AppContext {
    /// Starts the embedded emulator now (if this context uses it): a browser sign-in's first request
    /// comes from the browser, not from the library, so the page must be served before it opens.
    func startEmbeddedEmulator() async throws(CLIFailure) {
        do {
            try await emulator?.start()
        } catch {
            throw CLIFailure(.unavailable, error.description)
        }
    }
}
