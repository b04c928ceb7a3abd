import NativeAuthEmulator
import NativeAuthEmulatorInterface
import Testing

/// What `nativeauth` and `nativeauth-emulator` agree on without linking each other.
@Suite struct EmulatorInterfaceTests {
    @Test func theFactsAreTheEmulatorsOwn() {
        #expect(EmulatorProgramFacts.clientId == EmulatorConfiguration.defaultClientId)
        #expect(EmulatorProgramFacts.tenantSubdomain == EmulatorConfiguration().tenantSubdomain)
    }

    @Test func everyMessageReadsBackAsItWasWritten() {
        let messages: [EmbeddedEmulatorMessage] = [
            .ready(port: 40123),
            .failed("address in use: \"127.0.0.1:40123\"\nsecond line"),
            .code(EmbeddedCode(username: "alice@example.com", maskedTarget: "a***e@e*****e.com", code: "12345678",
                               isSMS: false, fromWebPage: false)),
            .code(EmbeddedCode(username: "bob@example.com", maskedTarget: "+1*********0", code: "87654321",
                               isSMS: true, fromWebPage: true)),
        ]
        for message in messages {
            let line = message.encoded()
            #expect(!line.contains("\n"), "one line: \(line)")
            #expect(EmbeddedEmulatorMessage(line: line) == message)
        }
    }

    @Test func linesThatAreNotMessagesAreIgnored() {
        for line in ["", "ready", "{}", #"{"event":"ready"}"#, #"{"event":"ready","port":0}"#, #"{"event":"ready","port":70000}"#,
                     #"{"event":"code","username":"a"}"#, #"{"event":"launch","port":1}"#, "[1]"] {
            #expect(EmbeddedEmulatorMessage(line: line) == nil, "\(line)")
        }
        let long = #"{"event":"failed","message":""# + String(repeating: "x", count: EmbeddedEmulatorMessage.maximumLineLength) + #""}"#
        #expect(EmbeddedEmulatorMessage(line: long) == nil)
    }

    @Test func theOptionsReachTheProgramUnchanged() throws {
        let parsed = try EmulatorServeOptions.parse(["--tls", "--port", "8443", "--state-dir", "/tmp/a b", "--seed", "s.json",
                                                      "--idle-timeout", "2.5", "--max-connections", "9"])
        let again = try EmulatorServeOptions.parse(parsed.arguments)
        #expect(again.arguments == parsed.arguments)
        #expect(again.port == 8443 && again.tls && again.state.stateDirectory == "/tmp/a b" && again.state.seed == "s.json"
            && again.idleTimeout == 2.5 && again.maxConnections == 9)
        #expect(try EmulatorServeOptions.parse([]).arguments == ["--port", "0", "--idle-timeout", "30.0", "--max-connections", "512"])
    }

    @Test func theTeamOptionsReachTheProgramUnchanged() throws {
        let parsed = try EmulatorServeOptions.parse(["--listen", "0.0.0.0", "--tls", "--admin-token-file", "/run/token",
                                                      "--database", "postgres://ci@db:5432/emulator"])
        let again = try EmulatorServeOptions.parse(parsed.arguments)
        #expect(again.arguments == parsed.arguments)
        #expect(again.listen == "0.0.0.0" && again.adminTokenFile == "/run/token" && again.state.database == "postgres://ci@db:5432/emulator")
        let transfer = try EmulatorTransferOptions.parse(["--tenant", "job42", "--state-dir", "/tmp/s", "-"])
        #expect(try EmulatorTransferOptions.parse(transfer.arguments).arguments == transfer.arguments)
        #expect(transfer.file == "-" && transfer.tenant == "job42")
    }

    @Test("--listen takes an IP address or a name that resolves; anything else is a usage error, not a failure at start")
    func listenIsAnAddress() throws {
        for address in ["0.0.0.0", "127.0.0.1", "::1", "localhost"] {
            #expect(try EmulatorServeOptions.parse(["--listen", address]).listen == address)
        }
        for address in ["not-an-ip.invalid"] {
            let error = #expect(throws: (any Error).self) { try EmulatorServeOptions.parse(["--listen", address]) }
            #expect(EmulatorServeOptions.message(for: error!).contains("is not an address"), "\(address)")
        }
    }
}
