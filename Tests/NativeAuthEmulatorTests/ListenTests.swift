import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import NativeAuthEmulator
import Testing

/// Issue 34, item 4: loopback stays the default; an emulator that listens beyond it (`--listen`)
/// serves other machines its protocol endpoints, but without HTTPS its admin API answers them 403,
/// even with the admin token, so the token never crosses a network in clear.
@Suite("Listening beyond loopback")
struct ListenTests {
    /// This machine's first IPv4 address that is not loopback, if it has one.
    static let outsideAddress: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return nil }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var host = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            guard getnameinfo(address, socklen_t(MemoryLayout<sockaddr_in>.size), &host, socklen_t(host.count), nil, 0, NI_NUMERICHOST) == 0
            else { continue }
            let text = String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !text.hasPrefix("127.") { return text }
        }
        return nil
    }()

    @Test func theDefaultIsLoopback() {
        #expect(EmulatorConfiguration().host == "127.0.0.1")
    }

    @Test(.enabled(if: outsideAddress != nil, "this machine has no IPv4 address beyond loopback"))
    func beyondLoopbackWithoutTLSTheAdminAPIRefusesOtherMachinesEvenWithTheToken() async throws {
        let address = try #require(Self.outsideAddress)
        try await withLiveEmulator({ $0.host = "0.0.0.0" }) { client in
            let outside = try #require(URL(string: "http://\(address):\(client.emulator.port)"))
            let bearer = ["Authorization": "Bearer \(EmulatorClient.adminToken)"]
            let refused = try await client.raw(method: "GET", url: outside.appendingPathComponent("_emulator/health"), body: nil, headers: bearer)
            #expect(refused.status == 403, "\(refused.json)")
            let local = try #require(URL(string: "http://127.0.0.1:\(client.emulator.port)/_emulator/health"))
            #expect(try await client.raw(method: "GET", url: local, body: nil, headers: bearer).status == 200)
            // Its protocol endpoints answer the other machine.
            let initiate = try await client.raw(
                method: "POST", url: outside.appendingPathComponent("\(client.emulator.authority.lastPathComponent)/oauth2/v2.0/initiate"),
                body: Data(EmulatorClient.formEncode([("client_id", client.clientId), ("username", "alice@example.com"),
                                                      ("challenge_type", "oob redirect")]).utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(initiate.status == 200, "\(initiate.json)")
        }
    }

    @Test(.enabled(if: outsideAddress != nil, "this machine has no IPv4 address beyond loopback"))
    func beyondLoopbackOverTLSAnotherMachineVerifiesTheCertificateByTheAddressItUses() async throws {
        let address = try #require(Self.outsideAddress)
        try await withLiveEmulator({ $0.host = "0.0.0.0"; $0.tls = true }) { client in
            // Its URLs name the address other machines reach it by, not 0.0.0.0.
            #expect(client.emulator.authority.absoluteString.hasPrefix("https://\(address):\(client.emulator.port)/"),
                    "\(client.emulator.authority)")
            let authority = try #require((client.emulator as? Emulator)?.certificateAuthority)
            let ca = FileManager.default.temporaryDirectory.appendingPathComponent("network-ca-\(UUID().uuidString).pem")
            try Data(authority.certificatePEM.utf8).write(to: ca)
            defer { try? FileManager.default.removeItem(at: ca) }
            // curl checks the certificate against the name it connected to, as any client does.
            let curl = try await ExternalProgram.running(
                "curl", ["-sS", "--cacert", ca.path, "-o", "/dev/null", "-w", "%{http_code}",
                         "-H", "Authorization: Bearer \(EmulatorClient.adminToken)",
                         "https://\(address):\(client.emulator.port)/_emulator/health"])
            #expect(curl.status == 0 && curl.output == "200", "\(curl.output)")
        }
    }

    @Test func theURLsNameAnAddressOthersCanReach() {
        #expect(ServerNames.advertisedHost(listeningOn: "127.0.0.1") == "127.0.0.1")
        #expect(ServerNames.advertisedHost(listeningOn: "192.0.2.7") == "192.0.2.7")
        #expect(ServerNames.advertisedHost(listeningOn: "::1") == "[::1]")
        #expect(ServerNames.advertisedHost(listeningOn: "0.0.0.0") == Self.outsideAddress ?? "127.0.0.1")
    }

    @Test func theAdminGateAnswersOtherMachinesOnlyWithTLSBeyondLoopback() {
        var configuration = EmulatorConfiguration()
        for (host, tls, answers) in [("127.0.0.1", true, false), ("0.0.0.0", false, false), ("0.0.0.0", true, true), ("192.0.2.7", true, true)] {
            configuration.host = host
            configuration.tls = tls
            #expect(AdminGate<ConnectionContext>(token: "t", configuration: configuration).answersOtherMachines == answers, "\(host) \(tls)")
        }
    }
}
