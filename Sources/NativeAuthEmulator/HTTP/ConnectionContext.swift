import Hummingbird
import NativeAuthShared
import NIOCore

/// The per-request context: gives the responder the connection, to check the peer address and to
/// drop the connection for a fault.
struct ConnectionContext: InitializableFromSource {
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        self.channel = source.channel
    }

    /// Whether the peer is on a loopback address.
    var peerIsLoopback: Bool {
        guard let address = channel.remoteAddress?.ipAddress else { return false }
        return LoopbackHost.isLoopback(address)
    }
}
