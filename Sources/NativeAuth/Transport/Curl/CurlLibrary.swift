#if canImport(CCurl)
internal import CCurl
import NativeAuthShared

/// The libcurl that ``CurlTransport`` opens at run time (`libcurl.so.4`, with dlopen, when it first
/// sends): libcurl is not linked, so a process that sends nothing never loads it.
package enum CurlLibrary {
    /// The file name the transport opens.
    package static let name = CCURL_LIBRARY_NAME

    /// Opens and initialises the library on a new thread, as the first transfer would. The first
    /// transfer waits for this to finish (`pthread_once`): the library is loaded once either way.
    package static func loadInBackground() {
        DetachedThread.start { _ = ccurl_global_init_once() }
    }

    /// Whether the library was opened and initialised: waits for a load under way, or does it now.
    package static func loadedAndInitialised() -> Bool {
        ccurl_global_init_once() == CURLE_OK
    }

    /// Why the library `name` cannot serve as the transport's libcurl (the error a transport would
    /// fail with, for `host`), or nil when it can: it opens the library, resolves every function the
    /// transport calls, and closes it again.
    package static func loadError(named name: String = CurlLibrary.name, host: String = "server") -> HTTPTransportError? {
        var message = [CChar](repeating: 0, count: 512)
        guard ccurl_check_library(name, &message, message.count) == 0 else { return nil }
        let reason = message.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return CurlErrors.libraryMissing(host: host, reason: reason)
    }
}
#endif
