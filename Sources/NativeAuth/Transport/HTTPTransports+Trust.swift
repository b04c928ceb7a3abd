#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension HTTPTransports {
    /// The platform's default transport with a response-body limit and a CA file of your own: for an
    /// API whose answers may exceed the library's 1 MiB, or a server whose certificate a private CA
    /// signed (such as `nativeauth emulator --tls`).
    ///
    /// ```swift
    /// let transport = HTTPTransports.makeDefault(maximumResponseBodySize: 16 << 20,
    ///                                            caFile: "/home/me/.local/state/nativeauth/emulator/tls/ca.pem")
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: Seconds to wait for a whole exchange before failing (transient).
    ///   - maximumResponseBodySize: Most bytes of response body accepted; a larger body fails the
    ///     request with an ``HTTPTransportError`` that says so.
    ///   - caFile: A PEM file of CA certificates to trust instead of the system's; nil for the system's.
    ///     On Apple platforms (`URLSessionTransport`) a CA file is not supported: every request then
    ///     fails with an ``HTTPTransportError`` that says so (trust the CA in the keychain instead).
    public static func makeDefault(timeout: TimeInterval = 30, maximumResponseBodySize: Int, caFile: String?) -> any HTTPTransport {
        #if canImport(CCurl)
        return CurlTransport(timeout: timeout, maximumResponseBodySize: max(0, maximumResponseBodySize), caFile: caFile)
        #else
        if caFile != nil { return UnsupportedCAFileTransport() }
        return URLSessionTransport(timeout: timeout, maximumResponseBodySize: max(0, maximumResponseBodySize))
        #endif
    }
}

#if !canImport(CCurl)
/// Refuses every request: URLSession takes its trust from the keychain, not from a file.
struct UnsupportedCAFileTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw HTTPTransportError("A CA file is supported by CurlTransport (Linux) only: trust the CA in the keychain instead.",
                                 isTransient: false)
    }
}
#endif
