#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why no server answered a remote authority: when its host name does not resolve here, the tenant
/// name (or the network) is wrong, and trying again later will not help. Asked only after a request
/// failed without an answer, and not when a proxy resolves names for this process.
enum HostResolution {
    /// The failure to report instead of `failure` when `location`'s host name does not resolve
    /// (the proxy variables are read from `variables`).
    static func explained(_ failure: CLIFailure, at location: SignInLocation, variables: [String: String]) -> CLIFailure {
        guard failure.noServerAnswered, !location.isLoopback, !proxyConfigured(variables),
              let host = location.authority?.host, !resolves(host)
        else { return failure }
        var explained = CLIFailure(.unavailable, "The host name \(TerminalText.sanitized(host)) could not be resolved.",
                                   hint: "Check the tenant name (--tenant, --authority or NATIVEAUTH_*) and the network.",
                                   details: failure.details)
        explained.noServerAnswered = true
        return explained
    }

    /// Whether `host` has an address here (`getaddrinfo`).
    static func resolves(_ host: String) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = streamSocket
        var results: UnsafeMutablePointer<addrinfo>?
        let bare = host.trimmed(TrimmedCharacters("[]"))
        guard getaddrinfo(bare, nil, &hints, &results) == 0 else { return false }
        freeaddrinfo(results)
        return true
    }

    /// A proxy variable is set (not empty): the proxy, not this machine, resolves the names.
    private static func proxyConfigured(_ variables: [String: String]) -> Bool {
        ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"].contains { variables[$0]?.isEmpty == false }
    }
}
