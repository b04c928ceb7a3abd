#if canImport(FoundationEssentials)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
#else
import Foundation
#endif

/// Runs blocking work (waiting for a child, accepting connections, driving libcurl) on a thread of
/// its own, so it never holds one of the cooperative pool's few threads: Foundation's `Thread`,
/// which FoundationEssentials (what NativeAuth uses on Linux) does not have, through POSIX threads.
///
/// ```swift
/// DetachedThread.start { reapChild() }
/// ```
package enum DetachedThread {
    /// Starts `body` on a new detached thread. A thread that cannot be created (the process is out of
    /// threads or memory) stops the process, as nothing that waits for `body` could go on.
    package static func start(_ body: @escaping @Sendable () -> Void) {
        #if canImport(FoundationEssentials)
        let context = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Work>.fromOpaque(context).release()
            fatalError("cannot start a thread: \(String(cString: strerror(result)))")
        }
        pthread_detach(thread)
        #else
        Thread { body() }.start()
        #endif
    }

    /// Runs blocking `body` on a new detached thread and returns what it returns (or throws what it
    /// throws), so that the awaiting task holds none of the cooperative pool's few threads while it
    /// runs: work that takes a long time on purpose or by nature, such as generating an RSA key.
    /// Cancelling the caller does not stop `body`; the call still waits for it.
    ///
    /// ```swift
    /// let key = try await DetachedThread.run { try SigningKey.generate() }
    /// ```
    package static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            start { continuation.resume(returning: Result { () throws(Failure) -> Value in try body() }) }
        }
        return try result.get()
    }

    /// The closure, boxed so its pointer can cross `pthread_create`.
    private final class Work: Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
