#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why no server answered an `https` request: its certificate is not signed by a CA trusted here.
/// That is not the network: the way out is the CA file (a `nativeauth emulator --tls`'s, a
/// company's), given with `--ca-file`. Read from the transport's own words (``isCertificateFailure(_:)``),
/// never a server's: no server answered.
enum TLSTrust {
    /// Whether a transport's message (libcurl's, or URLSession's on Apple platforms, as the library
    /// reports them) says that the TLS handshake or the server's certificate failed.
    static func isCertificateFailure(_ message: String) -> Bool {
        ["certificate", "SSL", "TLS"].contains { message.contains($0) }
    }

    /// `failure` with the hint that names `--ca-file`, when no server answered because of the
    /// certificate; `caFile` is the CA file that was used, if any.
    static func explained(_ failure: CLIFailure, caFile: String?) -> CLIFailure {
        guard failure.noServerAnswered, isCertificateFailure(failure.message) else { return failure }
        var explained = failure
        explained.hint = caFile.map { "The CA file \($0) does not sign the server's certificate: give the right one with --ca-file FILE." }
            ?? "If the server's certificate comes from a private CA (such as `nativeauth emulator --tls`'s ca.pem), "
            + "trust it with --ca-file FILE (or NATIVEAUTH_CA_FILE); it is remembered for that place."
        return explained
    }
}
