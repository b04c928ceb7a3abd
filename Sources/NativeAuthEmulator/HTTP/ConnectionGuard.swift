import Foundation
import NIOCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the number of open connections under a limit, so that thousands of idle sockets can neither
/// exhaust the process's file descriptors nor keep a new client out.
///
/// Every connection is registered when it opens and stamped whenever a request part comes in or a
/// response part goes out. When a new connection takes the count over the limit, the connection that
/// has been quiet the longest is closed. So under a
/// flood of idle sockets a real request (a health check, a sign-in) still gets through: it is the
/// newest, and the idle ones make room for it. Idle connections are also closed after the server's
/// idle timeout (Hummingbird's `HTTP1Channel` configuration).
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let channel: any Channel
        var lastActive: UInt64
    }

    let limit: Int
    private let entries = Locked<[ObjectIdentifier: Entry]>([:])

    init(limit: Int) {
        self.limit = limit
    }

    /// The effective limit for `configured`: at most the process's soft descriptor limit less 128 (the
    /// process needs descriptors for its files and, in the CLI, its own client connections), at least 8.
    static func effectiveLimit(_ configured: Int) -> Int {
        var limits = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limits) == 0, limits.rlim_cur < rlim_t(Int32.max) else { return configured }
        return max(8, min(configured, Int(clamping: limits.rlim_cur) - 128))
    }

    /// Registers a new connection; returns the connection to close to make room for it, if any.
    func opened(_ channel: any Channel) -> (any Channel)? {
        let now = DispatchTime.now().uptimeNanoseconds
        return entries.withLock { entries in
            let id = ObjectIdentifier(channel)
            entries[id] = Entry(channel: channel, lastActive: now)
            guard entries.count > limit,
                  let victim = entries.filter({ $0.key != id }).min(by: { $0.value.lastActive < $1.value.lastActive })
            else { return nil }
            entries[victim.key] = nil
            return victim.value.channel
        }
    }

    /// Stamps the connection as active now.
    func touched(_ channel: any Channel) {
        let now = DispatchTime.now().uptimeNanoseconds
        entries.withLock { entries in
            entries[ObjectIdentifier(channel)]?.lastActive = now
        }
    }

    func closed(_ channel: any Channel) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(channel)) }
    }

    /// How many connections are registered.
    var count: Int { entries.withLock { $0.count } }
}

/// The per-connection side of ``ConnectionRegistry``: registers the connection, stamps its activity.
/// It sits after the HTTP decoder and passes every part through untouched.
final class ConnectionGuardHandler: ChannelDuplexHandler, RemovableChannelHandler, Sendable {
    typealias InboundIn = NIOAny
    typealias OutboundIn = NIOAny

    private let registry: ConnectionRegistry

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        registry.opened(context.channel)?.close(promise: nil)
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        registry.closed(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        registry.closed(context.channel)
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        registry.touched(context.channel)
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        registry.touched(context.channel)
        context.write(data, promise: promise)
    }
}
