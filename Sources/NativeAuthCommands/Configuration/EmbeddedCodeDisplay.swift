import NativeAuthShared

/// The embedded emulator's codes on the terminal: the codes it "sent" for this command's flows
/// (``CodeAudience``), each on a line of its own (`emulator: email to a***e@e*****e.com: code
/// 12345678`; the line printed before the first prompt said where they come from:
/// ``EmulatorSettings/embeddedNotice(in:)``).
///
/// The emulator announces a code before it answers the request that sent it, so the flow drivers
/// show a step's codes once the library has answered, before they prompt (``showSent()``), without
/// waiting for anything; a web sign-in, whose codes the emulator's page sends while the library
/// waits, shows them as they come (``showingSent(during:)``). Nothing here runs inside a request.
/// Without an embedded emulator (a real tenant), it shows nothing.
final class EmbeddedCodeDisplay: Sendable {
    private let host: EmbeddedEmulatorHost?
    private let console: Console
    private let audience = CodeAudience()

    init(host: EmbeddedEmulatorHost?, console: Console) {
        self.host = host
        self.console = console
    }

    /// Shows the codes sent to `username` from now on: a flow starts for that user.
    func expect(username: String) {
        audience.expect(username: username)
    }

    /// Shows the codes of the emulator's sign-in page from now on: a web sign-in starts.
    func includeWebPageCodes() {
        audience.includeWebPageCodes()
    }

    /// Shows the codes the emulator announced since the last time, for this command's flows. It
    /// does not wait: the codes of an answer the library gave are announced already.
    func showSent() {
        guard let emulator = host?.running else { return }
        for sent in emulator.takeAnnouncedCodes() where audience.shows(sent) {
            console.info(TerminalText.sanitized(sent.announcement))
        }
    }

    /// Runs `body` (a wait on something else than this command's own request: the browser, the
    /// device-code page) and shows the codes as the emulator announces them meanwhile.
    func showingSent<Result, Failure: Error>(during body: () async throws(Failure) -> Result) async throws(Failure) -> Result {
        guard let emulator = host?.running else { return try await body() }
        let watcher = Task { [self] in
            while !Task.isCancelled, await emulator.waitForAnnouncement() {
                showSent()
            }
        }
        let outcome: Swift.Result<Result, Failure>
        do {
            outcome = .success(try await body())
        } catch {
            outcome = .failure(error)
        }
        watcher.cancel()
        await watcher.value
        showSent()
        return try outcome.get()
    }
}
