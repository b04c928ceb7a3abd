import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOSSL
import X509

/// The emulator's server: `base` (HTTP/1.1) as it is, or wrapped in TLS with a server certificate
/// for `127.0.0.1`, `::1` and `localhost` (and, listening beyond loopback, this machine's names:
/// ``ServerNames``) that `authority` signs at this start.
enum TLSServer {
    static func builder(_ base: HTTPServerBuilder, authority: EmulatorCertificateAuthority?) throws -> HTTPServerBuilder {
        guard let authority else { return base }
        let (chain, key) = try authority.issueServerCertificate(now: Date())
        let certificates = try chain.map { certificate in
            try NIOSSLCertificate(bytes: Array(certificate.serializeAsPEM().pemString.utf8), format: .pem)
        }
        let privateKey = try NIOSSLPrivateKey(bytes: Array(key.pemRepresentation.utf8), format: .pem)
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificates.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        configuration.applicationProtocols = ["http/1.1"]
        return try .tls(base, tlsConfiguration: configuration)
    }
}
