import Hummingbird
import NativeAuthShared
import NIOCore

/// What the emulator's routes need to know about a request, beyond Hummingbird's own context: whether
/// the peer is on loopback (the admin API answers no one else), a way to drop the connection (a queued
/// fault), and what the middlewares settled about the request (``RequestExchange``). Its answers'
/// bodies are encoded by ``EmulatorJSONEncoder``.
protocol EmulatorRequestContext: RequestContext
where Source == ApplicationRequestContextSource, Encoder == EmulatorJSONEncoder {
    /// Whether the peer is on a loopback address.
    var peerIsLoopback: Bool { get }
    /// Closes the connection without an answer.
    func dropConnection() async
    /// What the middlewares settled about the request (``ExchangeMiddleware`` opens it).
    var exchange: RequestExchange { get set }
}

extension EmulatorRequestContext {
    /// The emulator's JSON (``EmulatorJSONEncoder``).
    var responseEncoder: EmulatorJSONEncoder { EmulatorJSONEncoder() }
}

/// The per-request context of a served connection.
struct ConnectionContext: EmulatorRequestContext {
    var coreContext: CoreRequestContextStorage
    var exchange = RequestExchange()
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.channel = source.channel
    }

    var peerIsLoopback: Bool {
        guard let address = channel.remoteAddress?.ipAddress else { return false }
        return LoopbackHost.isLoopback(address)
    }

    func dropConnection() async {
        try? await channel.close()
    }
}
