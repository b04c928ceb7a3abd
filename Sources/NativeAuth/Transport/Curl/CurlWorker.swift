#if canImport(CCurl)
internal import CCurl
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import Synchronization

/// The thread of one ``CurlTransport``: it owns a libcurl multi handle and runs every transfer of the
/// transport on it.
///
/// Started on the first request (a transport that sends nothing starts no thread) and stopped by
/// ``shutDown()`` when the transport is released. Callers hand transfers over through a lock and wake
/// the thread with `curl_multi_wakeup`, the one multi call libcurl allows from another thread; every
/// other libcurl call on the multi handle and its easy handles happens on this thread. The multi
/// handle keeps a pool of open connections (and a DNS cache) shared by all its transfers, which is
/// what lets the requests of a sign-in reuse one connection.
final class CurlWorker: @unchecked Sendable {
    /// The multi handle, carried to the worker thread it belongs to.
    private struct MultiHandle: @unchecked Sendable {
        let pointer: UnsafeMutableRawPointer
    }

    private struct Shared {
        var multi: UnsafeMutableRawPointer?
        var incoming: [CurlTransfer] = []
        var isShutDown = false
    }

    /// State shared with callers. `multi` is set once, under the lock, and freed by the worker only
    /// after it has seen `isShutDown` under the lock, so a wake-up under the lock never touches a
    /// freed handle.
    private let shared = Mutex(Shared())
    /// New connections opened by finished transfers (for tests and diagnostics).
    private let openedConnections = Atomic<Int>(0)

    // Worker thread only.
    private var running: [UnsafeMutableRawPointer: CurlTransfer] = [:]

    /// How many connections the transport's transfers have opened so far.
    var connectionsOpened: Int { openedConnections.load(ordering: .relaxed) }

    /// Hands `transfer` to the worker thread, starting the thread on first use.
    func submit(_ transfer: CurlTransfer) throws(HTTPTransportError) {
        try shared.withLock { (shared: inout Shared) throws(HTTPTransportError) in
            guard !shared.isShutDown else { throw CurlErrors.shutDown(host: transfer.host) }
            if shared.multi == nil {
                guard ccurl_global_init_once() == CURLE_OK else {
                    if let reason = ccurl_load_error() {
                        throw CurlErrors.libraryMissing(host: transfer.host, reason: String(cString: reason))
                    }
                    throw CurlErrors.setupFailed(host: transfer.host, step: "curl_global_init")
                }
                guard let multi = ccurl_multi_init() else {
                    throw CurlErrors.setupFailed(host: transfer.host, step: "curl_multi_init")
                }
                shared.multi = multi
                let handle = MultiHandle(pointer: multi)
                DetachedThread.start { [self] in run(handle.pointer) }
            }
            shared.incoming.append(transfer)
            _ = ccurl_multi_wakeup(shared.multi)
        }
    }

    /// Wakes the worker so it notices a cancelled transfer at once.
    func wake() {
        shared.withLock { shared in
            if let multi = shared.multi, !shared.isShutDown { _ = ccurl_multi_wakeup(multi) }
        }
    }

    /// Stops the thread once it has failed whatever is still running; later submissions fail.
    func shutDown() {
        shared.withLock { shared in
            shared.isShutDown = true
            if let multi = shared.multi { _ = ccurl_multi_wakeup(multi) }
        }
    }

    // MARK: Worker thread

    private func run(_ multi: UnsafeMutableRawPointer) {
        while true {
            let (incoming, isShutDown) = shared.withLock { shared in
                defer { shared.incoming.removeAll() }
                return (shared.incoming, shared.isShutDown)
            }
            for transfer in incoming { start(transfer, on: multi) }
            for (handle, transfer) in running where transfer.isCancelled {
                end(handle, on: multi) { $0.fail(CancellationError()) }
            }
            if isShutDown {
                for (handle, transfer) in running {
                    end(handle, on: multi) { $0.fail(CurlErrors.shutDown(host: transfer.host)) }
                }
                break
            }
            var stillRunning: Int32 = 0
            _ = ccurl_multi_perform(multi, &stillRunning)
            collectFinished(on: multi)
            // curl_multi_poll returns early on socket activity, on curl's own next timeout, and on
            // curl_multi_wakeup; the timeout below only bounds an idle wait.
            _ = ccurl_multi_poll(multi, nil, 0, running.isEmpty ? 60_000 : 1_000, nil)
        }
        ccurl_multi_cleanup(multi)
    }

    private func start(_ transfer: CurlTransfer, on multi: UnsafeMutableRawPointer) {
        if transfer.isCancelled {
            transfer.fail(CancellationError())
            return
        }
        do {
            let handle = try transfer.makeHandle()
            guard ccurl_multi_add_handle(multi, handle) == CURLM_OK else {
                throw CurlErrors.setupFailed(host: transfer.host, step: "curl_multi_add_handle")
            }
            running[handle] = transfer
        } catch {
            transfer.fail(error)
        }
    }

    private func collectFinished(on multi: UnsafeMutableRawPointer) {
        var queued: Int32 = 0
        while let message = ccurl_multi_info_read(multi, &queued) {
            guard message.pointee.msg == CURLMSG_DONE, let handle = message.pointee.easy_handle else { continue }
            let code = ccurl_message_result(message)
            end(handle, on: multi) { $0.finish(code) }
        }
    }

    /// Takes a transfer off the multi handle (its connection goes back to the pool) and ends it.
    private func end(_ handle: UnsafeMutableRawPointer, on multi: UnsafeMutableRawPointer, _ body: (CurlTransfer) -> Void) {
        guard let transfer = running.removeValue(forKey: handle) else { return }
        _ = ccurl_multi_remove_handle(multi, handle)
        openedConnections.add(transfer.connectionsOpened, ordering: .relaxed)
        body(transfer)
    }
}
#endif
