import CLITestSupport
import Foundation
import NativeAuthEmulator
import Testing
@testable import NativeAuthCommands

/// A server that answers with terminal controls in every string the CLI shows (issue 23, item 1):
/// an OSC that retitles the window, a CSI that clears the screen, the 8-bit CSI U+009B, a bidi
/// override, CR/LF before a forged `Password for root:` line, U+2028, DEL and NEL. The emulator's
/// fault injection gives the answers; the commands run in process. Nothing of it may reach the output
/// raw: not in `signin`, `signin --verbose`, `status` or `--json`.
@Suite struct HostileServerTests {
    /// (Their V2 counterparts run in both runs: `--api v2`, the answers injected at V2's endpoints.)
    private static let v1Answers: Comment = "the hostile answers are V1's, injected at V1's endpoints"

    static let hostile = "pwned\u{1B}]0;owned\u{07}\u{1B}[2J\u{9B}31m\u{202E}evil\r\nPassword for root: \u{2028}x\u{7F}\u{85}\u{2066}"

    /// The characters that must not appear (a line feed is the CLI's own).
    static func controls(in text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A: return false
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
            default: return false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    static func expectClean(_ result: CLIResult, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(controls(in: result.stdout).isEmpty, "stdout: \(controls(in: result.stdout)) \(result)", sourceLocation: sourceLocation)
        #expect(controls(in: result.stderr).isEmpty, "stderr: \(controls(in: result.stderr)) \(result)", sourceLocation: sourceLocation)
        let forged = (result.stdout + result.stderr).split(separator: "\n").filter { $0.hasPrefix("Password for root") }
        #expect(forged.isEmpty, "a forged line: \(result)", sourceLocation: sourceLocation)
    }

    /// Queues an answer of `status` with `body` (a JSON object) for the next request to `endpoint`.
    static func answer(_ emulator: StandaloneEmulator, _ endpoint: String, status: Int = 200, body: [String: Any]) async throws {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self)
        let fault = try JSONSerialization.data(withJSONObject: ["endpoint": endpoint, "status": status, "body": text] as [String: Any])
        try await emulator.admin("POST", "faults", json: String(decoding: fault, as: UTF8.self))
    }

    /// An ID token (unsigned: the library checks a native sign-in's claims, not its signature).
    static func idToken(_ claims: [String: Any]) throws -> String {
        func part(_ object: [String: Any]) throws -> String {
            try JSONSerialization.data(withJSONObject: object).base64EncodedString()
                .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return try part(["alg": "none", "typ": "JWT"]) + "." + part(claims) + ".c2ln"
    }

    static func tokens(idTokenClaims: [String: Any]) throws -> [String: Any] {
        ["token_type": "Bearer", "access_token": "access.token.value", "refresh_token": "refresh-token-value", "expires_in": 3600,
         "scope": "openid profile offline_access", "id_token": try idToken(idTokenClaims)]
    }

    @Test(.v1Only(v1Answers)) func aCodeTargetLabelIsShownWithoutItsControls() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "challenge", body: [
            "continuation_token": "ct", "challenge_type": "oob", "binding_method": "prompt", "challenge_channel": "email",
            "challenge_target_label": Self.hostile, "code_length": 8,
        ])
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Code sent to pwned?]0;owned??[2J?31m?evil??Password for root: ?x???"), "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test(.v1Only(v1Answers), arguments: [false, true])
    func anErrorDescriptionIsShownWithoutItsControls(verbose: Bool) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "initiate", status: 400, body: [
            "error": "invalid_request" + Self.hostile, "suberror": Self.hostile, "error_codes": [90100],
            "error_description": "AADSTS90100: \(Self.hostile)\r\nTrace ID: \(Self.hostile)\r\nCorrelation ID: \(Self.hostile)",
        ])
        let result = try await sandbox.run(["signin", "--authority", emulator.authority, "alice@example.com"] + (verbose ? ["--verbose"] : []))
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("AADSTS90100: pwned?]0;owned"), "\(result)")
        if verbose { #expect(result.stderr.contains("Trace ID: pwned?]0;owned"), "\(result)") }
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    /// Every line break but a line feed, each before a `Password for root:` of the server's.
    static let lineBreaks = ["\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"].map { "\($0)Password for root: " }.joined()

    /// The lines of `text` that start with `Password for root`, whatever spaces come before it.
    static func forgedLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.drop { $0 == " " }.hasPrefix("Password for root") }
    }

    @Test(.v1Only(v1Answers)) func anErrorDescriptionStartsALineOnlyAtALineFeed() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "initiate", status: 400, body: [
            "error": "invalid_request", "error_codes": [90100],
            "error_description": "AADSTS90100: x\(Self.lineBreaks)\r\nTrace ID: t\(Self.lineBreaks)\nCorrelation ID: c",
        ])
        let result = try await sandbox.run(["signin", "--verbose", "--authority", emulator.authority, "alice@example.com"])
        #expect(result.status != 0, "\(result)")
        let shown = "?Password for root: ?Password for root: ?Password for root: ?Password for root: ?Password for root: ?Password for root:"
        #expect(result.stderr.contains("AADSTS90100: x" + shown + "\n"), "\(result)")
        #expect(result.stderr.contains("\n    Trace ID: t" + shown + "\n    Correlation ID: c\n"), "\(result)")
        #expect(Self.forgedLines(result.stderr).isEmpty, "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test func aV2ActionStartsNoLine() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "v2/challenge", body: [
            "state": "interactionRequired", "action": "x\u{2028}Password for root: \u{85}y", "continuationToken": "ct",
        ])
        let result = try await sandbox.run(["signin", "--verbose", "--api", "v2", "--authority", emulator.authority, "alice@example.com"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("the action 'x?Password for root: ?y'"), "\(result)")
        #expect(Self.forgedLines(result.stderr).isEmpty, "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test func aV2CodeHintIsShownWithoutItsControls() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "v2/challenge", body: [
            "state": "interactionRequired", "action": "verify", "type": "email", "id": "x", "hint": Self.hostile, "codeLength": 8,
            "continuationToken": "ct", "_links": ["verify": ["href": "/emulator.onmicrosoft.com/api/v2.0/methods/email/x/verify"]],
        ])
        let result = try await sandbox.run(["signin", "--api", "v2", "--authority", emulator.authority, "alice@example.com"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("Code sent to pwned?]0;owned??[2J?31m?evil??Password for root: ?x???"), "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test(arguments: [false, true])
    func aV2ErrorMessageIsShownWithoutItsControls(verbose: Bool) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "v2/signin", status: 400, body: [
            "error": [
                "code": "invalidRequest" + Self.hostile, "message": "AADSTS90100: \(Self.hostile)\r\nTrace ID: \(Self.hostile)",
                "innerError": ["code": Self.hostile], "correlationId": Self.hostile,
            ] as [String: Any],
        ])
        let result = try await sandbox.run(["signin", "--api", "v2", "--authority", emulator.authority, "alice@example.com"]
                                           + (verbose ? ["--verbose"] : []))
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("AADSTS90100: pwned?]0;owned"), "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test(.v1Only(v1Answers)) func aRedirectReasonIsShownWithoutItsControls() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "initiate", body: ["challenge_type": "redirect", "redirect_reason": Self.hostile])
        let result = try await sandbox.run(["signin", "--verbose", "--authority", emulator.authority, "alice@example.com"])
        #expect(result.status == 4, "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test func aDeviceCodeMessageIsShownWithoutItsControls() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "devicecode", body: [
            "device_code": "device-code", "user_code": "ABCD-EFGH", "verification_uri": emulator.baseURL.absoluteString + "/device",
            "expires_in": 600, "interval": 1, "message": Self.hostile,
        ])
        try await Self.answer(emulator, "token", status: 400, body: [
            "error": "expired_token", "error_description": "AADSTS70020: \(Self.hostile)", "error_codes": [70020],
        ])
        let result = try await sandbox.run(["signin", "--device-code", "--verbose", "--authority", emulator.authority])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("pwned?]0;owned??[2J?31m?evil??Password for root: ?x???"), "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test(.v1Only(v1Answers)) func secondFactorLoginHintsAreShownWithoutTheirControls() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "introspect", body: [
            "continuation_token": "ct", "methods": [
                ["id": "m1", "challenge_type": "oob", "challenge_channel": "email", "login_hint": Self.hostile],
                ["id": "m2", "challenge_type": "oob", "challenge_channel": "sms", "login_hint": Self.hostile],
            ],
        ])
        let result = try await sandbox.run(["signin", "--password", "--authority", emulator.authority, "mfauser@example.com"],
                                           input: "Passw0rd!\n")
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("1. email  pwned?]0;owned"), "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    @Test(.v1Only(v1Answers)) func refusedAttributeNamesAreShownWithoutTheirControls() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        try await Self.answer(emulator, "signup/start", status: 400, body: [
            "error": "invalid_grant", "suberror": "attribute_validation_failed", "error_codes": [550017],
            "error_description": "AADSTS550017: \(Self.hostile)", "invalid_attributes": [["name": Self.hostile]],
        ])
        let result = try await sandbox.run(["signup", "--authority", emulator.authority, "newuser@example.com"])
        #expect(result.status != 0, "\(result)")
        #expect(result.stderr.contains("pwned?]0;owned"), "\(result)")
        Self.expectClean(result)
        _ = await emulator.stop()
    }

    /// Issue 35, item 1: a name is never a reason to refuse a sign-in. Controls in the ID token's
    /// names (whoever set them) sign in, are stored as sent, and are shown safely.
    @Test(arguments: ["name", "preferred_username", "email"])
    func anIDTokenWithControlsInItsNamesSignsInAndIsShownSafely(claim: String) async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        var claims: [String: Any] = ["sub": "s", "oid": "o", "tid": "t", "preferred_username": "bob@example.com", "name": "Bob"]
        claims[claim] = "Bob" + Self.hostile
        try await Self.answer(emulator, "token", body: try Self.tokens(idTokenClaims: claims))
        let result = try await sandbox.run(["signin", "--password", "--verbose", "--authority", emulator.authority, "bob@example.com"],
                                           input: "Passw0rd!\n")
        #expect(result.status == 0, "\(result)")
        Self.expectClean(result)
        let status = try await sandbox.run(["status", "--authority", emulator.authority])
        #expect(status.status == 0, "stored: \(status)")
        if claim == "name" {  // the text shows the name (a native sign-in keeps the username typed)
            #expect(status.stdout.contains("Bobpwned?]0;owned?"), "\(status)")
        }
        Self.expectClean(status)
        let json = try await sandbox.run(["status", "--json", "--authority", emulator.authority])
        Self.expectClean(json)
        let account = (json.json?["accounts"] as? [[String: Any]])?.first
        #expect((account?["claims"] as? [String: Any])?[claim] as? String == "Bob" + Self.hostile, "kept as sent: \(json)")
        _ = await emulator.stop()
    }

    /// The outside review's access token with an escape and a line feed (`$(nativeauth token)` sent a
    /// header of the server's): the sign-in fails, naming the field, and no command has a token to print.
    @Test(.v1Only(v1Answers)) func aTokenThatIsNotATokenIsNeverStoredNorPrinted() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        var body = try Self.tokens(idTokenClaims: ["sub": "s", "oid": "o", "tid": "t", "preferred_username": "bob@example.com"])
        body["access_token"] = "eyJ\u{1b}[31mAT\nX-Injected: 1"
        try await Self.answer(emulator, "token", body: body)
        let signin = try await sandbox.run(["signin", "--password", "--authority", emulator.authority, "bob@example.com"], input: "Passw0rd!\n")
        #expect(signin.status == 5, "\(signin)")
        #expect(signin.stderr.contains("the field access_token holds a value the protocol does not allow"), "\(signin)")
        Self.expectClean(signin)
        for arguments in [["token"], ["token", "--json"], ["token", "--output", "exec-credential"]] {
            let token = try await sandbox.run(arguments + ["--authority", emulator.authority])
            #expect(token.status == 1 && token.stdout.isEmpty, "\(arguments): \(token)")
            #expect(!token.stdout.contains("X-Injected") && !token.stderr.contains("X-Injected"), "\(arguments): \(token)")
        }
        _ = await emulator.stop()
    }

    /// A display name typed on a phone in Hebrew carries right-to-left marks: the user signs in, and
    /// `status` shows the name with the marks made visible, never raw.
    @Test func aRightToLeftMarkInADisplayNameSignsIn() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24681357")
        defer { sandbox.remove() }
        let name = "\u{200F}שרה כהן\u{200F}"
        let seed = sandbox.stateHome.appendingPathComponent("seed.json")
        let users: [String: Any] = ["users": [["username": "sarah@example.com", "method": "otp", "displayName": name]]]
        try JSONSerialization.data(withJSONObject: users).write(to: seed)
        let emulator = try await StandaloneEmulator.start(in: sandbox, stateFolder: "names", seed: seed)
        let signin = try await sandbox.run(["signin", "--authority", emulator.authority, "sarah@example.com"], input: "24681357\n")
        #expect(signin.status == 0, "\(signin)")
        let status = try await sandbox.run(["status", "--authority", emulator.authority])
        #expect(status.status == 0, "\(status)")
        #expect(status.stdout.contains("name:           ?שרה כהן?"), "\(status)")
        Self.expectClean(status)
        let json = try await sandbox.run(["status", "--json", "--authority", emulator.authority])
        #expect(json.stdout.contains("\\u200f"), "\(json)")
        let account = (json.json?["accounts"] as? [[String: Any]])?.first
        #expect((account?["claims"] as? [String: Any])?["name"] as? String == name, "\(json)")
        _ = await emulator.stop()
    }

    @Test func otherClaimsAreEscapedInStatusJSON() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let claims: [String: Any] = ["sub": "s", "oid": "o", "tid": "t", "preferred_username": "bob@example.com", "name": "Bob",
                                     "given_name": Self.hostile]
        try await Self.answer(emulator, "token", body: try Self.tokens(idTokenClaims: claims))
        let signin = try await sandbox.run(["signin", "--password", "--json", "--authority", emulator.authority, "bob@example.com"],
                                           input: "Passw0rd!\n")
        #expect(signin.status == 0, "\(signin)")
        Self.expectClean(signin)
        let status = try await sandbox.run(["status", "--json", "--authority", emulator.authority])
        #expect(status.status == 0, "\(status)")
        Self.expectClean(status)
        #expect(status.stdout.contains("\\u009b") && status.stdout.contains("\\u2028") && status.stdout.contains("\\u202e"), "\(status)")
        let accounts = status.json?["accounts"] as? [[String: Any]]
        let parsed = (accounts?.first?["claims"] as? [String: Any])?["given_name"] as? String
        #expect(parsed == Self.hostile, "JSON still carries the value: \(status)")
        let text = try await sandbox.run(["status", "--authority", emulator.authority])
        #expect(text.status == 0, "\(text)")
        Self.expectClean(text)
        _ = await emulator.stop()
    }
}
