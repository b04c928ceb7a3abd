import NativeAuthShared
import Testing

@Suite("Loopback hosts")
struct LoopbackHostTests {
    @Test("Loopback", arguments: [
        "localhost", "LOCALHOST", "127.0.0.1", "127.5.6.7", "127.255.255.255", "127.0.0.0",
        "::1", "[::1]", "0:0:0:0:0:0:0:1", "[0:0:0:0:0:0:0:1]", "::ffff:127.0.0.1", "::FFFF:127.1.2.3",
        "[::ffff:127.0.0.1]",
    ])
    func accepted(_ host: String) {
        #expect(LoopbackHost.isLoopback(host))
    }

    @Test("Not loopback", arguments: [
        "", "127.evil.com", "localhost.example.com", "evil-localhost", "localhost.", "127.0.0.1.nip.io",
        "127.0.0", "127.0.0.1.1", "127.0.0.256", "127.0.0.-1", "127.+1.0.1", "127.0.0.01", "127..0.1", "127.1",
        "128.0.0.1", "10.0.0.1", "0.0.0.0", "[127.0.0.1]", "::2", "::", "::ffff:10.0.0.1", "::ffff:127.0.0.999",
        "[::1", "::1]", "contoso.ciamlogin.com",
    ])
    func refused(_ host: String) {
        #expect(!LoopbackHost.isLoopback(host))
    }
}
