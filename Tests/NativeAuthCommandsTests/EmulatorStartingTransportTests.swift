import Foundation
import NativeAuth
import NativeAuthEmulatorInterface
import Synchronization
import Testing
@testable import NativeAuthCommands

/// Issue 31, item 2: the embedded emulator beside the transport. The transport starts it at the
/// first request and does nothing else: the requests go out unchanged and nothing is written on the
/// terminal; the codes are shown by the drivers, before they prompt.
struct EmulatorStartingTransportTests {
    @Test func theFirstRequestStartsTheEmulatorOnceAndTheTransportDoesNothingElse() async throws {
        let written = Captured()
        let program = CountingProgram()
        let environment = CommandEnvironment(
            variables: ["XDG_STATE_HOME": "/nonexistent"], standardInput: ScriptedInput(),
            writeOutput: { written.append($0) }, writeError: { written.append($0) },
            inputIsTerminal: false, outputIsTerminal: false, now: { Date() }, handlesSignals: false,
            logHandler: { CapturedLogHandler(label: $0, write: { _ in }) }, emulatorProgram: program)
        let host = try EmbeddedEmulatorHost(environment: environment)
        #expect(program.starts == 0, "holding the port starts nothing")
        let network = RecordingTransport()
        let transport = EmulatorStartingTransport(host: host, network: network)
        let request = HTTPRequest(method: "POST", url: host.authority.appendingPathComponent("oauth2/v2.0/initiate"),
                                  headers: [("Content-Type", "application/x-www-form-urlencoded")], body: Data("username=a%40b.c".utf8))
        async let first = transport.send(request)
        async let second = transport.send(request)
        _ = try await (first, second)
        _ = try await transport.send(request)
        #expect(program.starts == 1, "one emulator for every request")
        #expect(network.sent.count == 3 && network.sent.allSatisfy { $0 == request },
                "the requests go out unchanged")
        #expect(written.text.isEmpty, "nothing on the terminal: \(written.text)")
        await host.stop()
        #expect(program.stops == 1)
    }

    @Test func aCodeIsShownBeforeThePromptForItAndAfterAResendBeforeTheLineThatSaysSo() async throws {
        let sandbox = try CommandSandbox(fixedCode: "31313131")
        defer { sandbox.remove() }
        let result = try await sandbox.run(["signin", "alice@example.com"], input: "r\n31313131\n")
        #expect(result.status == 0, "\(result)")
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let codes = lines.indices.filter { lines[$0].hasPrefix("emulator: email to a***e@e*****e.com: code 31313131") }
        let prompts = lines.indices.filter { lines[$0].contains("Enter code, r to resend, or q to stop:") }
        let resent = try #require(lines.firstIndex { $0.hasPrefix("A new code was sent to") }, "\(result)")
        try #require(codes.count == 2 && prompts.count == 2, "\(result)")
        #expect(codes[0] < prompts[0] && prompts[0] < codes[1] && codes[1] < resent && resent < prompts[1], "\(result)")
    }
}

/// An emulator program that counts the embedded emulators it starts and stops (none runs).
private final class CountingProgram: EmulatorProgram {
    private let counts = Mutex((starts: 0, stops: 0))

    var starts: Int { counts.withLock { $0.starts } }
    var stops: Int { counts.withLock { $0.stops } }

    func run(_ arguments: [String], in environment: CommandEnvironment) async throws(EmulatorProgramError) -> Int32 { 0 }

    func startEmbedded(port: Int, stateDirectory: URL, fixedCode: String?,
                       in environment: CommandEnvironment) async throws(EmulatorProgramError) -> any EmbeddedEmulatorRun {
        counts.withLock { $0.starts += 1 }
        return Run(program: self)
    }

    private struct Run: EmbeddedEmulatorRun {
        let program: CountingProgram
        func takeAnnouncedCodes() -> [EmbeddedCode] { [] }
        func waitForAnnouncement() async -> Bool { false }
        func stop() async { program.counts.withLock { $0.stops += 1 } }
    }
}

/// A network that answers every request with an empty JSON object, and keeps them.
private final class RecordingTransport: HTTPTransport {
    private let requests = Mutex<[HTTPRequest]>([])

    var sent: [HTTPRequest] { requests.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.withLock { $0.append(request) }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
    }
}
