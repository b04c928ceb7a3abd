import CLITestSupport
import Foundation
import NativeAuthShared
import NativeAuthTestSupport
import Testing

/// `nativeauth call` with the account of the embedded emulator: its Graph-shaped `/v1.0/me`, and a
/// small API on loopback (`Tests/Servers/fake_api.py`) for bodies, headers, redirects, limits and a 401.
@Suite
struct CallTests {
    /// A sandbox where alice signed in to the embedded emulator.
    static func signedIn() async throws -> CommandSandbox {
        let sandbox = try CommandSandbox(fixedCode: "11223344")
        let signIn = try await sandbox.run(["signin", "--email", "alice@example.com", "--code", "11223344"])
        try #require(signIn.status == 0, "\(signIn)")
        return sandbox
    }

    /// `call --help` names every header -H cannot give, and each is refused before anything is sent.
    @Test func theHelpNamesEveryHeaderThatIsRefused() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let help = try await sandbox.run(["call", "--help"])
        let text = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("Authorization, Host, Content-Length, Transfer-Encoding and Connection cannot be given."), "\(help)")
        for name in ["Authorization", "Host", "Content-Length", "Transfer-Encoding", "Connection"] {
            let refused = try await sandbox.run(["call", "/v1.0/me", "-H", "\(name): x"])
            #expect(refused.status == 2, "\(refused)")
            #expect(refused.stderr.contains("-H \(name) cannot be given"), "\(refused)")
        }
    }

    @Test func aRelativeURLReachesTheEmbeddedEmulatorsMe() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["call", "/v1.0/me"])
        #expect(result.status == 0, "\(result)")
        let user = try #require(result.json, "\(result)")
        #expect(user["displayName"] as? String == "Alice Example")
        #expect(user["mail"] as? String == "alice@example.com")
        #expect(user["userPrincipalName"] as? String == "alice@example.com")
        #expect(!result.stdout.contains("eyJ") && !result.stderr.contains("eyJ"), "no token is printed: \(result)")
    }

    @Test func includePrintsTheStatusLineAndHeadersFirst() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["call", "-i", "/v1.0/me"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("HTTP 200 OK\r\n"), "\(result)")
        let parts = result.stdout.components(separatedBy: "\r\n\r\n")
        #expect(parts.count == 2, "\(result)")
        #expect(parts[0].lowercased().contains("content-type: application/json"), "\(result)")
        #expect(parts[1].contains(#""displayName":"Alice Example""#), "\(result)")
    }

    @Test("A 401 whose reason ends a sentence of its own gets one full stop, not two")
    func aRefusedAudienceIsOneSentence() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["call", "/v1.0/me", "--scope", "api://other/Read", "--account", "alice@example.com"])
        #expect(result.status == 6, "\(result)")
        #expect(result.stderr.contains("not Microsoft Graph (request a Graph scope such as User.Read).\n"), "\(result)")
        #expect(!result.stderr.contains(".."), "\(result)")
    }

    @Test func aMissingPermissionExits6AndSaysWhichScope() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["call", "/v1.0/me", "--scope", "Mail.Read", "--account", "alice@example.com"])
        #expect(result.status == 6, "\(result)")
        #expect(result.stdout.contains("Authorization_RequestDenied"), "the API's body is printed: \(result)")
        #expect(result.stderr.contains("answered HTTP 403 (Forbidden): the token lacks the permission User.Read"), "\(result)")
        // The call it prints picks the same account.
        let printed = try #require(PrintedCommand.words(in: result.stderr, after: "Ask for it: "), "\(result)")
        #expect(printed.starts(with: ["call", "--scope", "User.Read"]), "\(printed)")
        #expect(printed.suffix(3) == ["--account", "alice@example.com", "/v1.0/me"], "\(printed)")
        let asked = try await sandbox.run(printed)
        #expect(asked.status == 0, "\(asked)")
    }

    @Test func plainHTTPToAnotherHostIsRefused() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let result = try await sandbox.run(["call", "http://graph.microsoft.com/v1.0/me"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Refusing to send the access token over plain http to graph.microsoft.com"), "\(result)")
        #expect(result.stdout.isEmpty)
    }

    @Test func aRelativeURLNeedsTheEmbeddedEmulator() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let nobody = try await sandbox.run(["call", "/v1.0/me"])
        #expect(nobody.status == 1, "nobody is signed in: \(nobody)")
        let usage = try await sandbox.run(["call", "/v1.0/me", "--json"])
        #expect(usage.status == 2, "\(usage)")
        let header = try await sandbox.run(["call", "/v1.0/me", "-H", "Authorization: Bearer x"])
        #expect(header.status == 2 && header.stderr.contains("sets it itself"), "\(header)")
    }

    @Test func inputsAreBoundedBeforeAnythingIsSent() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let headers = (0...CallLimits.headers).flatMap { ["-H", "X-N\($0): v"] }
        let many = try await sandbox.run(["call", "/v1.0/me"] + headers)
        #expect(many.status == 2 && many.stderr.contains("At most 64 -H headers"), "\(many)")
        let file = sandbox.stateHome.appendingPathComponent("big.bin")
        try Data(count: (4 << 20) + 1).write(to: file)
        let big = try await sandbox.run(["call", "/v1.0/me", "-d", "@\(file.path)"])
        #expect(big.status == 2 && big.stderr.contains("larger than 4 MiB"), "\(big)")
        let missing = try await sandbox.run(["call", "/v1.0/me", "-d", "@\(file.path).absent"])
        #expect(missing.status == 2 && missing.stderr.contains("cannot be read"), "\(missing)")
        let size = try await sandbox.run(["call", "/v1.0/me", "--max-response-size", "2G"])
        #expect(size.status == 2, "\(size)")
        let split = try await sandbox.run(["call", "/v1.0/me", "-H", "X-A: 1\r\nX-B: 2"])
        #expect(split.status == 2 && split.stderr.contains("line break"), "\(split)")
    }

    @Test func dataFromAFileGoesAsTheBodyWithItsHeaders() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let api = try await FakeAPI.start()
        defer { api.stop() }
        let file = sandbox.stateHome.appendingPathComponent("order.json")
        try Data(#"{"item":"tea","count":2}"#.utf8).write(to: file)
        let result = try await sandbox.run(["call", "\(api.base)/echo?x=1", "-d", "@\(file.path)", "-X", "PUT",
                                            "-H", "X-Trace: abc"])
        #expect(result.status == 0, "\(result)")
        let echo = try #require(result.json, "\(result)")
        #expect(echo["method"] as? String == "PUT")
        #expect(echo["path"] as? String == "/echo?x=1")
        #expect(echo["body"] as? String == #"{"item":"tea","count":2}"#)
        let headers = try #require(echo["headers"] as? [String: String])
        #expect(headers["content-type"] == "application/json")
        #expect(headers["x-trace"] == "abc")
        #expect(headers["authorization"]?.hasPrefix("Bearer eyJ") == true, "the account's token goes along: \(headers)")

        let piped = try await sandbox.run(["call", "\(api.base)/echo", "-d", "@-"], input: "a=1&b=2")
        let pipedEcho = try #require(piped.json, "\(piped)")
        #expect(pipedEcho["method"] as? String == "POST")
        #expect(pipedEcho["body"] as? String == "a=1&b=2")
        #expect((pipedEcho["headers"] as? [String: String])?["content-type"] == "application/x-www-form-urlencoded")
    }

    @Test func a401IsAnsweredByOneRefreshAndOneRetry() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let api = try await FakeAPI.start()
        defer { api.stop() }
        let result = try await sandbox.run(["call", "\(api.base)/unauthorized-once", "--verbose"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.contains("The API answered 401, so the token was refreshed and the request sent again."), "\(result)")
        let tokens = try #require(result.json?["tokens"] as? [String], "\(result)")
        #expect(tokens.count == 2 && tokens[0] != tokens[1] && tokens.allSatisfy { $0.hasPrefix("Bearer ") }, "\(tokens)")
    }

    @Test func anExpiredTokenIsRefusedByTheEmulatorsMeThenRefreshedAndAccepted() async throws {
        let sandbox = try CommandSandbox(fixedCode: "31313131")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let signin = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"], input: "31313131\n")
        try #require(signin.status == 0, "\(signin)")
        let base = emulator.baseURL.absoluteString
        let first = try await sandbox.run(["call", "\(base)/v1.0/me", "--verbose"])
        #expect(first.status == 0, "\(first)")
        #expect(!first.stderr.contains("answered 401"), "\(first)")
        // The emulator's clock passes the access token's expiry; this machine's does not, so the
        // cached token is sent, refused with 401 invalid_token, refreshed once and sent again.
        try await emulator.admin("POST", "clock/advance", json: #"{"seconds":7200}"#)
        let second = try await sandbox.run(["call", "\(base)/v1.0/me", "--verbose"])
        #expect(second.status == 0, "\(second)")
        #expect(second.stderr.contains("The API answered 401, so the token was refreshed and the request sent again."), "\(second)")
        #expect(second.json?["userPrincipalName"] as? String == "alice@example.com", "\(second)")
        let paths = try await emulator.requestedPaths()
        #expect(paths.filter { $0 == "/v1.0/me" }.count == 3, "\(paths)")
        _ = await emulator.stop()
    }

    @Test func redirectsAreNotFollowedAndBodiesAreBounded() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let api = try await FakeAPI.start()
        defer { api.stop() }
        let redirect = try await sandbox.run(["call", "-i", "\(api.base)/redirect"])
        #expect(redirect.status == 6, "\(redirect)")
        #expect(redirect.stdout.contains("Location: http://localhost:"), "\(redirect)")
        #expect(redirect.stderr.contains("redirects are not followed"), "\(redirect)")
        let collected = try await sandbox.run(["call", "\(api.base)/collected"])
        #expect(collected.status == 0, "\(collected)")
        let requests = try #require(collected.json?["requests"] as? [Any], "\(collected)")
        #expect(requests.isEmpty, "the redirect's target, a host not named, got nothing: \(requests)")

        let hostile = try await sandbox.run(["call", "\(api.base)/hostile"])
        #expect(hostile.status == 6, "\(hostile)")
        #expect(hostile.stderr.contains("?]0;owned??[31mred"), "\(hostile)")
        #expect(!hostile.stderr.contains("\u{1b}"), "the server's escape sequences never reach the terminal: \(hostile)")

        let big = try await sandbox.run(["call", "\(api.base)/big?bytes=70000", "--max-response-size", "64K"])
        #expect(big.status == 1, "\(big)")
        #expect(big.stdout.isEmpty, "\(big)")
        #expect(big.stderr.contains("larger than 64 KiB") && big.stderr.contains("--max-response-size"), "\(big)")
        let allowed = try await sandbox.run(["call", "\(api.base)/big?bytes=70000", "--max-response-size", "1M"])
        #expect(allowed.status == 0 && allowed.stdout.count == 70000, "\(allowed.status) \(allowed.stderr)")
    }

    /// Issue 35, item 3: a scope the server chose is quoted in the command suggested, one `--scope`
    /// per scope of the challenge, so pasting it runs nothing else.
    @Test func theScopeOfAnInsufficientScopeChallengeIsQuotedInTheSuggestion() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let api = try await FakeAPI.start()
        defer { api.stop() }
        let result = try await sandbox.run(["call", "\(api.base)/insufficient-scope"])
        #expect(result.status == 6, "\(result)")
        #expect(result.stderr.contains(
            "Ask for it: nativeauth call --scope 'User.Read;touch' --scope /tmp/nativeauth-owned --scope '$(id)' \(api.base)/insufficient-scope\n"),
            "\(result)")
    }

    /// Issue 35, item 4: `-i` shows the server's headers without their controls, as every other
    /// server text (the body alone is printed as it came).
    @Test func includeShowsTheHeadersWithoutTheirControls() async throws {
        let sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let api = try await FakeAPI.start()
        defer { api.stop() }
        let result = try await sandbox.run(["call", "-i", "\(api.base)/hostile-headers"])
        #expect(result.status == 0, "\(result)")
        let head = try #require(result.stdout.components(separatedBy: "\r\n\r\n").first, "\(result)")
        #expect(head.contains("X-Hostile: ?]0;owned? ? ?evil"), "\(result)")
        for control in ["\u{1b}", "\u{07}", "\u{85}", "\u{202e}"] {
            #expect(!result.stdout.contains(control), "\(control.unicodeScalars.first!.value) reached the terminal: \(result)")
        }
    }

    /// On a terminal, the body is shown without the controls a hostile API put in it (a new title,
    /// a clipboard write, a line written over), its line breaks and tabs kept; a binary body is not
    /// printed there. A pipe gets the bytes as they came.
    @Test func onATerminalTheBodyIsShownWithoutItsControls() async throws {
        var sandbox = try await Self.signedIn()
        defer { sandbox.remove() }
        let api = try await FakeAPI.start()
        defer { api.stop() }
        let piped = try await sandbox.run(["call", "\(api.base)/hostile-body"])
        #expect(piped.status == 0, "\(piped)")
        #expect(piped.stdout == "line one\r\n\u{1b}]0;owned\u{07}\u{1b}]52;c;ZWNobyBvd25lZA==\u{07}\tok\rforged \u{202e}evil\n",
                "a pipe gets the body byte for byte: \(piped)")
        let binaryPiped = try await sandbox.run(["call", "\(api.base)/binary-body"])
        #expect(binaryPiped.status == 0 && binaryPiped.stdout.hasSuffix("\u{0}\u{0}\u{0}\rIHDR\u{1b}[2J"), "\(binaryPiped)")

        sandbox.outputIsTerminal = true
        let shown = try await sandbox.run(["call", "-i", "\(api.base)/hostile-body"])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdout.hasSuffix("\r\n\r\nline one\r\n?]0;owned??]52;c;ZWNobyBvd25lZA==?\tok?forged ?evil\n"), "\(shown)")
        for control in ["\u{1b}", "\u{07}", "\u{202e}"] {
            #expect(!shown.stdout.contains(control), "\(control.unicodeScalars.first!.value) reached the terminal: \(shown)")
        }
        let binary = try await sandbox.run(["call", "\(api.base)/binary-body"])
        #expect(binary.status == 0, "\(binary)")
        #expect(binary.stdout.isEmpty, "\(binary)")
        #expect(binary.stderr.contains("The response body is binary (20 bytes), so it was not printed on the terminal"), "\(binary)")
    }

    /// Issue 35, item 21: a path for an account of a standalone emulator suggests that emulator's
    /// own URL, not Microsoft Graph's.
    @Test func aPathForAStandaloneEmulatorsAccountSuggestsItsURL() async throws {
        let sandbox = try CommandSandbox(fixedCode: "41414141")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let signin = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com", "--code", "41414141"])
        try #require(signin.status == 0, "\(signin)")
        let result = try await sandbox.run(["call", "/v1.0/me"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("Give the URL of the emulator this account signed in at: nativeauth call \(emulator.baseURL.absoluteString)/v1.0/me"),
                "\(result)")
        #expect(!result.stderr.contains("graph.microsoft.com"), "\(result)")
        _ = await emulator.stop()
    }
}

/// The bounds `nativeauth call` documents.
enum CallLimits {
    static let headers = 64
}

/// `Tests/Servers/fake_api.py`, running for one test (the one process these tests start: a server
/// of another language, as an API would be).
struct FakeAPI {
    let process: ChildProcess
    /// `http://127.0.0.1:PORT`.
    let base: String

    static func start() async throws -> FakeAPI {
        let (process, port) = try await ServerScript.start("fake_api.py")
        return FakeAPI(process: process, base: "http://127.0.0.1:\(port)")
    }

    /// Sends SIGTERM (the child is reaped by ChildProcess; nothing waits here).
    func stop() {
        process.terminate()
    }
}
