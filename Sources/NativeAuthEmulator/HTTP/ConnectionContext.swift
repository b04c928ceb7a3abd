import Hummingbird
import NativeAuthShared
import NIOCore

/// What the emulator's routes need to know about a request's connection, beyond Hummingbird's own
/// context: whether the peer is on loopback (the admin API answers no one else), and a way to drop the
/// connection (a queued fault).
protocol EmulatorRequestContext: RequestContext where Source == ApplicationRequestContextSource {
    /// Whether the peer is on a loopback address.
    var peerIsLoopback: Bool { get }
    /// Closes the connection without an answer.
    func dropConnection() async
}

/// The per-request context of a served connection.
struct ConnectionContext: EmulatorRequestContext {
    var coreContext: CoreRequestContextStorage
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
