import NativeAuth

/// Sends the library's requests to the embedded emulator, starting it on the first one: the
/// application's authority is the emulator's real one (`http://127.0.0.1:PORT/emulator.onmicrosoft.com`,
/// on the port ``EmbeddedEmulatorHost`` holds for it), so commands that send no request (`status`,
/// `token` with a cached token) never start it. It does nothing else: requests go out unchanged
/// (the URLs the library hands out, a browser page's, are the real ones), and the emulator's codes
/// are shown by the flow drivers once the library has answered (``EmbeddedCodeDisplay``), not here.
final class EmulatorStartingTransport: HTTPTransport {
    private let host: EmbeddedEmulatorHost
    private let network: any HTTPTransport

    /// Sends through `network` (the platform's default transport unless given) once the emulator runs.
    init(host: EmbeddedEmulatorHost, network: any HTTPTransport = HTTPTransports.makeDefault()) {
        self.host = host
        self.network = network
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        do {
            try await host.start()
        } catch {
            throw HTTPTransportError(error.description, isTransient: false)
        }
        return try await network.send(request)
    }
}
