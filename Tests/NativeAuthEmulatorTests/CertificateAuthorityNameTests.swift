import Foundation
import Testing
@testable import NativeAuthEmulator

/// The emulator's CA may sign for loopback names only (issue 35, item 8): whoever trusts it
/// system-wide trusts it for nothing else. Checked with OpenSSL, as a client trusting it would.
@Suite struct CertificateAuthorityNameTests {
    /// Runs `openssl` with `arguments` in `folder`; its status and what it printed.
    @discardableResult
    static func openssl(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try ExternalProgram.run("openssl", arguments, in: folder)
    }


    /// Signs a leaf certificate for `name` (a DNS name or an IP address) with the CA in `tls`, as
    /// someone holding the CA's key would, and asks OpenSSL whether a client trusting the CA accepts it.
    static func verifies(_ name: String, tls: URL, ca: String = "ca") throws -> (accepted: Bool, output: String) {
        let isAddress = name.contains(":") || name.allSatisfy { $0.isNumber || $0 == "." }
        let extensions = "subjectAltName=\(isAddress ? "IP" : "DNS"):\(name)\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n"
        try Data(extensions.utf8).write(to: tls.appendingPathComponent("leaf.ext"))
        try openssl(["req", "-new", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout", "leaf-key.pem",
                     "-subj", "/O=test leaf", "-out", "leaf.csr"], in: tls)
        let signed = try openssl(["x509", "-req", "-in", "leaf.csr", "-CA", "\(ca).pem", "-CAkey", "\(ca)-key.pem", "-CAcreateserial",
                                  "-days", "1", "-extfile", "leaf.ext", "-out", "leaf.pem"], in: tls)
        try #require(signed.status == 0, "openssl could not sign: \(signed.output)")
        let verified = try openssl(["verify", "-CAfile", "\(ca).pem", "leaf.pem"], in: tls)
        return (verified.status == 0, verified.output)
    }

    static func stateFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("ca-names-\(UUID().uuidString)")
    }

    @Test func theCASignsForLoopbackAndNothingElse() throws {
        let state = Self.stateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let authority = try EmulatorCertificateAuthority.load(directory: state)
        #expect(EmulatorCertificateAuthority.isLoopbackOnly(authority.certificate))
        let tls = state.appendingPathComponent("tls")
        for name in ["localhost", "127.0.0.1", "::1"] {
            let result = try Self.verifies(name, tls: tls)
            #expect(result.accepted, "\(name): \(result.output)")
        }
        for name in ["example.com", "login.microsoftonline.com", "192.168.1.1", "10.0.0.1"] {
            let result = try Self.verifies(name, tls: tls)
            #expect(!result.accepted, "\(name) must be refused: \(result.output)")
            #expect(result.output.contains("subtree"), "refused for its name: \(result.output)")
        }
    }

    @Test("Listening beyond loopback: a CA of its own signs for loopback and the listen address, nothing else; made again for another address")
    func theNetworkCASignsForTheListenAddressAndNothingElse() throws {
        let state = Self.stateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let names = ServerNames.listening(on: "192.0.2.7")
        #expect(names.addresses.contains([192, 0, 2, 7]) && !names.isLoopbackOnly)
        let authority = try EmulatorCertificateAuthority.load(directory: state, names: names)
        #expect(authority.certificateFile?.lastPathComponent == "network-ca.pem")
        let tls = state.appendingPathComponent("tls")
        for name in ["localhost", "127.0.0.1", "::1", "192.0.2.7"] {
            let result = try Self.verifies(name, tls: tls, ca: "network-ca")
            #expect(result.accepted, "\(name): \(result.output)")
        }
        for name in ["example.com", "192.0.2.8", "10.0.0.1", "127.0.0.2"] {
            let result = try Self.verifies(name, tls: tls, ca: "network-ca")
            #expect(!result.accepted, "\(name) must be refused: \(result.output)")
        }
        // The loopback CA is left as it is; the same address keeps its CA; another makes a new one.
        #expect(!FileManager.default.fileExists(atPath: tls.appendingPathComponent("ca.pem").path))
        let again = try EmulatorCertificateAuthority.load(directory: state, names: names)
        #expect(again.certificatePEM == authority.certificatePEM)
        let moved = try EmulatorCertificateAuthority.load(directory: state, names: ServerNames.listening(on: "192.0.2.9"))
        #expect(moved.certificatePEM != authority.certificatePEM)
        #expect(try !Self.verifies("192.0.2.7", tls: tls, ca: "network-ca").accepted)
    }

    @Test func everyAddressNamesTheMachinesAddressesAndLoopbackAloneIsLoopback() {
        #expect(ServerNames.listening(on: "127.0.0.1").isLoopbackOnly)
        #expect(ServerNames.listening(on: "::1").isLoopbackOnly)
        #expect(ServerNames.listening(on: "localhost").isLoopbackOnly)
        let every = ServerNames.listening(on: "0.0.0.0")
        #expect(every.addresses.starts(with: ServerNames.loopback.addresses) && every.dnsNames.first == "localhost")
        #expect(!every.addresses.contains([0, 0, 0, 0]))
        if let outside = ListenTests.outsideAddress {
            #expect(every.addresses.contains(ServerNames.parse(outside) ?? []), "\(outside) in \(every)")
        }
    }

    @Test func aCAMadeBeforeTheConstraintIsReplaced() throws {
        let state = Self.stateFolder()
        defer { try? FileManager.default.removeItem(at: state) }
        let tls = state.appendingPathComponent("tls")
        try FileManager.default.createDirectory(at: tls, withIntermediateDirectories: true)
        // An unconstrained CA, as earlier versions made.
        let made = try Self.openssl(["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                                     "-keyout", "ca-key.pem", "-out", "ca.pem", "-days", "3650", "-subj", "/CN=old emulator CA",
                                     "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0", "-addext", "keyUsage=critical,keyCertSign,cRLSign"],
                                    in: tls)
        try #require(made.status == 0, "\(made.output)")
        let old = try Data(contentsOf: tls.appendingPathComponent("ca.pem"))
        let authority = try EmulatorCertificateAuthority.load(directory: state)
        #expect(EmulatorCertificateAuthority.isLoopbackOnly(authority.certificate))
        #expect(try Data(contentsOf: tls.appendingPathComponent("ca.pem")) != old, "the old CA is replaced on disk")
        #expect(!(try Self.verifies("example.com", tls: tls)).accepted)
    }
}
