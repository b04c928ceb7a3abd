import Crypto
import Foundation
import NativeAuthShared
import SwiftASN1
import X509

/// The emulator's own certificate authority, for HTTPS (``EmulatorConfiguration/tls``).
///
/// With a state directory it lives in `tls/` there: `ca.pem` (the certificate, what clients trust)
/// and `ca-key.pem` (its P-256 private key, mode 0600, which never leaves the folder). It is created
/// on the first HTTPS start under the state directory's lock, so processes sharing the folder agree
/// on one CA, and kept for ten years. Without a state directory it lives in memory, one per process.
/// Each start signs a fresh server certificate with it (``issueServerCertificate(now:)``).
///
/// It may sign for loopback names only. An emulator listening beyond loopback
/// (``EmulatorConfiguration/host``) uses a CA of its own instead, `network-ca.pem` and
/// `network-ca-key.pem`, constrained to exactly the names its certificate carries
/// (``ServerNames/listening(on:)``: loopback's, the machine's name and addresses) and made again
/// when they change.
///
/// ```swift
/// var config = EmulatorConfiguration()
/// config.tls = true
/// let emulator = try await Emulator.start(config)
/// emulator.certificateAuthority?.certificatePEM   // trust this (curl --cacert, REQUESTS_CA_BUNDLE)
/// ```
public struct EmulatorCertificateAuthority: Sendable {
    /// The CA certificate in PEM: what a client trusts.
    public let certificatePEM: String
    /// The file holding ``certificatePEM`` (`STATE/tls/ca.pem`, or `STATE/tls/network-ca.pem` beyond
    /// loopback), when the emulator has a state directory.
    public let certificateFile: URL?

    let certificate: Certificate
    let privateKey: P256.Signing.PrivateKey
    /// The names of the server certificates it signs.
    let serverNames: ServerNames

    /// How long a new CA is valid.
    static let lifetime: TimeInterval = 10 * 365 * 86_400
    /// How long a server certificate is valid (below the 398 days browsers accept).
    static let serverLifetime: TimeInterval = 90 * 86_400

    private init(certificate: Certificate, privateKey: P256.Signing.PrivateKey, file: URL?, serverNames: ServerNames) throws {
        self.certificate = certificate
        self.privateKey = privateKey
        self.serverNames = serverNames
        self.certificatePEM = try certificate.serializeAsPEM().pemString
        self.certificateFile = file
    }

    /// The CA for server certificates naming `names`: for loopback's, the CA of `directory` (created
    /// there on first use) or the process's in-memory CA; for more, the network CA of `directory`
    /// (made again when its names differ), or a new one in memory.
    static func load(directory: URL?, names: ServerNames = .loopback, now: Date = Date()) throws -> EmulatorCertificateAuthority {
        guard let directory else {
            return names.isLoopbackOnly ? try InMemoryAuthority.get(now: now) : try make(now: now, file: nil, names: names)
        }
        let (certificateName, keyName) = names.isLoopbackOnly ? ("ca.pem", "ca-key.pem") : ("network-ca.pem", "network-ca-key.pem")
        let state = try StateFolder.open(directory)
        let folder = try state.folder("tls")
        let certificateFile = URL(fileURLWithPath: folder.path(of: certificateName))
        return try state.withExclusiveLock {
            if let certificateData = try folder.readIfPresent(certificateName), let keyData = try folder.readIfPresent(keyName) {
                do {
                    let certificate = try Certificate(pemEncoded: String(decoding: certificateData, as: UTF8.self))
                    let key = try P256.Signing.PrivateKey(pemRepresentation: String(decoding: keyData, as: UTF8.self))
                    guard certificate.publicKey == Certificate.PublicKey(key.publicKey) else {
                        throw PersistenceError(description: "\(folder.path(of: keyName)) is not the key of \(certificateFile.path)")
                    }
                    // A CA made before its names were constrained (to loopback, or to this machine's
                    // names as they are now) is replaced, so that a key trusted system-wide can sign
                    // for nothing else.
                    if certificate.notValidAfter > now.addingTimeInterval(serverLifetime), carriesExactly(constraints(for: names), certificate) {
                        return try EmulatorCertificateAuthority(certificate: certificate, privateKey: key, file: certificateFile, serverNames: names)
                    }
                } catch let error as PersistenceError {
                    throw error
                } catch {
                    throw PersistenceError(description: "the emulator's CA in \(folder.path) cannot be read: \(error); "
                        + "remove \(certificateName) and \(keyName) there to make a new one")
                }
            }
            let fresh = try make(now: now, file: certificateFile, names: names)
            try folder.atomicWrite(Data(fresh.privateKey.pemRepresentation.utf8), to: keyName)
            try folder.atomicWrite(Data(fresh.certificatePEM.utf8), to: certificateName)
            return fresh
        }
    }

    /// A new CA: a P-256 key and a self-signed certificate for signing server certificates for
    /// `names` only (``constraints(for:)``, critical).
    static func make(now: Date, file: URL?, names: ServerNames = .loopback) throws -> EmulatorCertificateAuthority {
        let key = P256.Signing.PrivateKey()
        let kind = names.isLoopbackOnly ? "local" : "network"
        let name = try DistinguishedName {
            OrganizationName("NativeAuth emulator (a local test double, NOT SECURE)")
            CommonName("NativeAuth emulator \(kind) CA \(UUID().uuidString.prefix(8).lowercased())")
        }
        let publicKey = Certificate.PublicKey(key.publicKey)
        let certificate = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3600), notValidAfter: now.addingTimeInterval(lifetime),
            issuer: name, subject: name, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                Critical(constraints(for: names))
                SubjectKeyIdentifier(hash: publicKey)
            },
            issuerPrivateKey: Certificate.PrivateKey(key))
        return try EmulatorCertificateAuthority(certificate: certificate, privateKey: key, file: file, serverNames: names)
    }

    /// The only names the CA may sign for (RFC 5280 §4.2.1.10, critical): `localhost` (and names
    /// under it), 127.0.0.0/8 and ::1. Whoever trusts the CA system-wide, to test an app against the
    /// emulator, trusts it for nothing else, even if its key leaks.
    static let loopbackNames = NameConstraints(
        permittedDNSDomains: ["localhost"],
        permittedIPRanges: [
            ASN1OctetString(contentBytes: [127, 0, 0, 0, 255, 0, 0, 0]),
            ASN1OctetString(contentBytes: ArraySlice(ServerNames.ipv6Loopback + [UInt8](repeating: 0xFF, count: 16))),
        ])

    /// The name constraints of the CA that signs for `names`: ``loopbackNames`` for loopback's
    /// (the whole of 127.0.0.0/8), else exactly `names` (``ServerNames/constraints``).
    static func constraints(for names: ServerNames) -> NameConstraints {
        names.isLoopbackOnly ? loopbackNames : names.constraints
    }

    /// Whether `certificate` carries exactly ``loopbackNames``.
    static func isLoopbackOnly(_ certificate: Certificate) -> Bool {
        carriesExactly(loopbackNames, certificate)
    }

    /// Whether `certificate`'s name constraints are `expected` and exclude nothing.
    static func carriesExactly(_ expected: NameConstraints, _ certificate: Certificate) -> Bool {
        guard let constraints = try? certificate.extensions.nameConstraints else { return false }
        return constraints == expected && constraints.excludedSubtrees.isEmpty
    }

    /// A server certificate for ``serverNames`` (`127.0.0.1`, `::1` and `localhost`, and beyond
    /// loopback this machine's), signed by this CA, with its new key; the chain is the server
    /// certificate then the CA's.
    func issueServerCertificate(now: Date) throws -> (chain: [Certificate], key: P256.Signing.PrivateKey) {
        let key = P256.Signing.PrivateKey()
        let publicKey = Certificate.PublicKey(key.publicKey)
        let subject = try DistinguishedName {
            OrganizationName("NativeAuth emulator (a local test double, NOT SECURE)")
            CommonName("localhost")
        }
        let caKeyIdentifier = try certificate.extensions.subjectKeyIdentifier?.keyIdentifier
            ?? SubjectKeyIdentifier(hash: certificate.publicKey).keyIdentifier
        let server = try Certificate(
            version: .v3, serialNumber: Certificate.SerialNumber(), publicKey: publicKey,
            notValidBefore: now.addingTimeInterval(-3600),
            notValidAfter: min(now.addingTimeInterval(Self.serverLifetime), certificate.notValidAfter),
            issuer: certificate.subject, subject: subject, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                serverNames.subjectAlternativeNames
                SubjectKeyIdentifier(hash: publicKey)
                AuthorityKeyIdentifier(keyIdentifier: caKeyIdentifier)
            },
            issuerPrivateKey: Certificate.PrivateKey(privateKey))
        return ([server, certificate], key)
    }
}

/// One CA per process for emulators without a state directory (tests), made on first use.
private enum InMemoryAuthority {
    private static let cached = Locked<EmulatorCertificateAuthority?>(nil)

    static func get(now: Date) throws -> EmulatorCertificateAuthority {
        try cached.withLock { authority in
            if let authority { return authority }
            let fresh = try EmulatorCertificateAuthority.make(now: now, file: nil)
            authority = fresh
            return fresh
        }
    }
}
