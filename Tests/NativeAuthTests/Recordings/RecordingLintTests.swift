import Foundation
import NativeAuthShared
import NativeAuthTestSupport
import Testing

/// Checks every recording in `Tests/Recordings` against the rules of its README: sources, the
/// `<flow-id>` correlation, the error envelope, form order, placeholders for secrets, file names.
@Suite("Recordings: lint")
struct RecordingLintTests {
    @Test("Every step of every recording passes the lint")
    func allRecordingsPass() throws {
        let lint = try RecordingLint()
        let names = try RecordingLoader.scenarioNames() + RecordingLoader.v2ScenarioNames()
        #expect(!names.isEmpty)
        var problems: [String] = []
        for name in names { problems += try lint.problems(scenario: name) }
        for name in try RecordingLoader.v2ScenarioNames() { problems += try lint.twinProblems(scenario: name) }
        #expect(problems.isEmpty, "\(problems.count) problem(s):\n\(problems.joined(separator: "\n"))")
    }

    /// One deliberately broken copy of a good step, and a word the lint's complaint must contain.
    struct Breakage: Sendable, CustomTestStringConvertible {
        let what: String
        let scenario: String
        let file: String
        var renamedTo: String? = nil
        let replace: String
        let with: String
        let complaint: String
        var testDescription: String { what }
    }

    static let breakages: [Breakage] = [
        Breakage(what: "empty source", scenario: "UserNotFound", file: "01-initiate.json",
                 replace: #""source": "docs/PROTOCOL.md §6.1 initiate errors: user_not_found; AADSTS50034 UserAccountNotFound (§11); §5.1 envelope""#,
                 with: #""source": """#, complaint: "source"),
        Breakage(what: "source citing a section that does not exist", scenario: "UserNotFound", file: "01-initiate.json",
                 replace: "§6.1 initiate", with: "§61 initiate", complaint: "§61"),
        Breakage(what: "fixed correlation id in the body", scenario: "UserNotFound", file: "01-initiate.json",
                 replace: #""correlation_id": "<flow-id>""#, with: #""correlation_id": "aaaa0000-bb11-2222-33cc-444444dddddd""#,
                 complaint: "correlation_id"),
        Breakage(what: "fixed Correlation ID line in error_description", scenario: "UserNotFound", file: "01-initiate.json",
                 replace: #"Correlation ID: <flow-id>"#, with: "Correlation ID: aaaa0000-bb11-2222-33cc-444444dddddd",
                 complaint: "Correlation ID"),
        Breakage(what: "4xx body without trace_id", scenario: "UserNotFound", file: "01-initiate.json",
                 replace: #""trace_id":"#, with: #""trace":"#, complaint: "trace_id"),
        Breakage(what: "form not starting with client_id", scenario: "UserNotFound", file: "01-initiate.json",
                 replace: #""client_id": "00001111"#, with: #""client": "00001111"#, complaint: "client_id"),
        Breakage(what: "real-looking continuation token", scenario: "OTPSuccess", file: "02-challenge.json",
                 replace: "CT1-fake-initiate", with: "AQABAAEAAAAtyolDObpQQ5VtlI4uGjEPp1X2d3YzZkNmQ2ZTItZjU4", complaint: "continuation_token"),
        Breakage(what: "real-looking refresh token", scenario: "OTPSuccess", file: "03-token.json",
                 replace: "fake-refresh-token-1", with: "0.AXoA1b2c3d4e5f6g7h8i9j0kLmNoPqRsTuVwXyZ", complaint: "refresh_token"),
        Breakage(what: "JWT whose signature is not fake", scenario: "OTPSuccess", file: "03-token.json",
                 replace: ".ZmFrZS1zaWduYXR1cmU", with: ".c2lnbmF0dXJlLWJ5dGVzLWhlcmU", complaint: "signature"),
        Breakage(what: "a new password that is not one of the fake ones", scenario: "ResetPasswordSuccess", file: "04-submit.json",
                 replace: #""new_password": "Fake-Passw0rd!""#, with: #""new_password": "Hunter2-Real!""#, complaint: "new_password"),
        Breakage(what: "file name not matching the path", scenario: "UserNotFound", file: "01-initiate.json",
                 renamedTo: "01-challenge.json", replace: "", with: "", complaint: "file name"),
        Breakage(what: "V2: client_id in a JSON step", scenario: "V2/OTPSuccess", file: "02-signin.json",
                 replace: #""username": "user@example.com""#, with: #""username": "user@example.com", "client_id": "00001111-aaaa-2222-bbbb-3333cccc4444""#,
                 complaint: "client_id goes only"),
        Breakage(what: "V2: scopes in a JSON step", scenario: "V2/OTPSuccess", file: "04-verify.json",
                 replace: #""otp": "12345678""#, with: #""otp": "12345678", "scope": "openid""#, complaint: "scope goes only"),
        Breakage(what: "V2: client_id on the resume", scenario: "V2/OTPSuccess", file: "05-authorize-challenge.json",
                 replace: #""continuation_token": "CT3-fake-verify""#, with: #""client_id": "00001111-aaaa-2222-bbbb-3333cccc4444", "continuation_token": "CT3-fake-verify""#,
                 complaint: "the entry sends client_id alone"),
        Breakage(what: "V2: a JSON step without its continuation token", scenario: "V2/OTPSuccess", file: "03-challenge.json",
                 replace: #""continuationToken": "CT1-fake-signin""#, with: #""token": "CT1-fake-signin""#, complaint: "continuationToken"),
        Breakage(what: "V2: a real-looking continuationToken", scenario: "V2/OTPSuccess", file: "02-signin.json",
                 replace: "CT1-fake-signin", with: "AQABAAEAAAAtyolDObpQQ5VtlI4uGjEPp1X2d3YzZkNmQ2ZTItZjU4", complaint: "CT<n>-fake"),
        Breakage(what: "V2: a nested error without a message", scenario: "V2/WrongCodeThenSuccess", file: "04-verify.json",
                 replace: #""message":"#, with: #""text":"#, complaint: "code and a message"),
        Breakage(what: "V2: a source citing a V2 section that does not exist", scenario: "V2/OTPSuccess", file: "01-authorize-challenge.json",
                 replace: "§19 entry", with: "§99 entry", complaint: "§99"),
    ]

    @Test("The lint fails on a deliberately broken step", arguments: breakages)
    func lintCatches(_ breakage: Breakage) throws {
        let lint = try RecordingLint()
        let url = RecordingLint.recordingsDirectory
            .appendingPathComponent(breakage.scenario).appendingPathComponent(breakage.file)
        let good = try String(contentsOf: url, encoding: .utf8)
        let number = try #require(Int(breakage.file.prefix(2)))
        #expect(lint.problems(scenario: breakage.scenario, file: breakage.file, number: number, text: good).isEmpty)

        if !breakage.replace.isEmpty { #expect(good.contains(breakage.replace), "the mutation must apply") }
        let broken = breakage.replace.isEmpty ? good : good.replacingOccurrences(of: breakage.replace, with: breakage.with)
        let problems = lint.problems(scenario: breakage.scenario, file: breakage.renamedTo ?? breakage.file, number: number, text: broken)
        #expect(problems.contains { $0.contains(breakage.complaint) }, "\(problems)")
    }
}

/// The rules every recorded step follows (see `Tests/Recordings/README.md`).
struct RecordingLint {
    /// The section numbers of `docs/PROTOCOL.md` ("6", "6.1", …) a source may cite.
    let sections: Set<String>

    /// The package's root, found from this source file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Recordings
        .deletingLastPathComponent()  // NativeAuthTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// `Tests/Recordings`.
    static let recordingsDirectory = packageRoot.appendingPathComponent("Tests").appendingPathComponent("Recordings")

    init() throws {
        let url = Self.packageRoot.appendingPathComponent("docs").appendingPathComponent("PROTOCOL.md")
        sections = Self.sections(of: try String(contentsOf: url, encoding: .utf8))
    }

    /// `## 6. Title` gives "6", `### 6.1 Title` gives "6.1".
    static func sections(of markdown: String) -> Set<String> {
        var found: Set<String> = []
        for line in markdown.split(separator: "\n") where line.hasPrefix("## ") || line.hasPrefix("### ") {
            let words = line.split(separator: " ")
            guard words.count > 1 else { continue }
            let number = words[1].hasSuffix(".") ? words[1].dropLast() : words[1]
            if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "." }) { found.insert(String(number)) }
        }
        return found
    }

    /// Every problem of every step of `scenario`.
    func problems(scenario: String) throws -> [String] {
        let folder = Self.recordingsDirectory.appendingPathComponent(scenario)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        if files.isEmpty { return ["\(scenario): no steps"] }
        var problems: [String] = []
        for (index, file) in files.enumerated() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            problems += self.problems(scenario: scenario, file: file, number: index + 1, text: text)
        }
        return problems
    }

    /// The problems of one step: the file `file`, the `number`th of its scenario, holding `text`.
    func problems(scenario: String, file: String, number: Int, text: String) -> [String] {
        if scenario.hasPrefix(RecordingLoader.v2Folder + "/") { return v2Problems(scenario: scenario, file: file, number: number, text: text) }
        var problems: [String] = []
        func problem(_ message: String) { problems.append("\(scenario)/\(file): \(message)") }

        guard let root = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let request = root["request"] as? [String: Any], let response = root["response"] as? [String: Any]
        else {
            problem("not a JSON object with a request and a response")
            return problems
        }
        if (try? JSONDecoder().decode(RecordedStep.self, from: Data(text.utf8))) == nil {
            problem("does not decode as a RecordedStep")
        }
        let path = request["path"] as? String ?? ""
        let form = request["form"] as? [String: String] ?? [:]
        let requestHeaders = request["headers"] as? [String: String] ?? [:]
        let responseHeaders = response["headers"] as? [String: String] ?? [:]
        let status = response["status"] as? Int ?? 0
        let body = response["body"]
        let bodyText = response["bodyText"] as? String

        // The file name: NN-<endpoint>.json, NN counting from 01, <endpoint> the path's last component.
        let endpoint = path.split(separator: "/").last.map(String.init) ?? ""
        let expectedName = (number < 10 ? "0" : "") + "\(number)-\(endpoint).json"
        if file != expectedName { problem("file name should be \(expectedName) (step \(number), path \(path))") }
        if !Self.knownPaths.contains(path) { problem("unknown endpoint path \(path)") }

        // The source: non-empty, reconstructed (citing docs/PROTOCOL.md) or labelled synthetic, and
        // every section it cites exists.
        let source = (root["source"] as? String ?? "").trimmingCharacters(in: .whitespaces)
        let synthetic = source.hasPrefix("synthetic: ")
        sourceProblems(source).forEach(problem)

        // The form: client_id first, the fixture's client.
        if Self.firstFormKey(text) != "client_id" {
            problem("the form must start with client_id (it starts with \(Self.firstFormKey(text) ?? "nothing"))")
        }
        if form["client_id"] != ReplayFixture.clientId { problem("client_id is not \(ReplayFixture.clientId)") }

        // Correlation: a body's correlation_id, and its error_description's Correlation ID line, are the
        // echoed client-request-id.
        Self.correlationProblems(body: body, responseHeaders: responseHeaders).forEach(problem)

        // The error envelope on every 4xx (synthetic answers may differ, and say so).
        if (400..<500).contains(status), !synthetic {
            if let object = body as? [String: Any] {
                Self.flatEnvelopeProblems(object).forEach(problem)
            } else {
                problem("a 4xx that is not the JSON error envelope must be labelled synthetic")
            }
        }

        // No real-looking secrets.
        problems += secretProblems(form: form, headers: requestHeaders.merging(responseHeaders) { a, _ in a },
                                   body: body, bodyText: bodyText).map { "\(scenario)/\(file): \($0)" }
        return problems
    }

    /// The problems of a step's source: empty, neither reconstructed (citing docs/PROTOCOL.md) nor
    /// labelled synthetic, a synthetic one that does not say what it imitates, a cited section that
    /// docs/PROTOCOL.md does not have.
    func sourceProblems(_ source: String) -> [String] {
        guard !source.isEmpty else { return ["empty source"] }
        var problems: [String] = []
        let synthetic = source.hasPrefix("synthetic: ")
        if !source.hasPrefix("docs/PROTOCOL.md §") && !synthetic {
            problems.append("source must start with 'docs/PROTOCOL.md §' or 'synthetic: ': \(source)")
        }
        if !source.contains("docs/PROTOCOL.md §") { problems.append("source cites no section of docs/PROTOCOL.md") }
        if synthetic, source.count < "synthetic: ".count + 40 { problems.append("a synthetic source must say what it imitates and why") }
        for cited in Self.citedSections(source) where !sections.contains(cited) {
            problems.append("source cites §\(cited), which docs/PROTOCOL.md does not have")
        }
        return problems
    }

    /// The problems of an answer's correlation: a body's `correlation_id` (or a nested error's
    /// `correlationId`) and its `error_description`'s `Correlation ID:` line are `<flow-id>`, and so is
    /// the echoed `client-request-id`, which such a body comes with.
    static func correlationProblems(body: Any?, responseHeaders: [String: String]) -> [String] {
        var problems: [String] = []
        let echoesFlowId = value(responseHeaders, "client-request-id") == RecordedResponse.flowIdPlaceholder
        if let object = body as? [String: Any] {
            let nested = (object["error"] as? [String: Any])?["correlationId"] as? String
            if let correlation = object["correlation_id"] as? String ?? nested {
                if correlation != RecordedResponse.flowIdPlaceholder {
                    problems.append("correlation_id is '\(correlation)', expected <flow-id>")
                }
                if !echoesFlowId { problems.append("a body with correlation_id must come with client-request-id: <flow-id>") }
            }
            if let description = object["error_description"] as? String,
               let line = description.components(separatedBy: "\r\n").first(where: { $0.hasPrefix("Correlation ID: ") }),
               line != "Correlation ID: \(RecordedResponse.flowIdPlaceholder)" {
                problems.append("error_description has '\(line)', expected 'Correlation ID: <flow-id>'")
            }
        }
        if let value = value(responseHeaders, "client-request-id"), value != RecordedResponse.flowIdPlaceholder {
            problems.append("the response echoes client-request-id as '\(value)', expected <flow-id>")
        }
        return problems
    }

    /// The problems of a flat OAuth error envelope: `error`, `error_description`, `timestamp`,
    /// `trace_id` and `correlation_id` strings, and `error_codes` numbers holding the `AADSTSnnnn` the
    /// description starts with.
    static func flatEnvelopeProblems(_ object: [String: Any]) -> [String] {
        var problems: [String] = []
        for key in ["error", "error_description", "timestamp", "trace_id", "correlation_id"] where !(object[key] is String) {
            problems.append("4xx body has no \(key) string")
        }
        if let codes = object["error_codes"] as? [Any] {
            let numbers = codes.compactMap { ($0 as? NSNumber)?.intValue }
            if numbers.count != codes.count { problems.append("error_codes holds something other than numbers") }
            if let description = object["error_description"] as? String,
               let number = leadingAADSTS(description), !numbers.contains(number) {
                problems.append("error_description says AADSTS\(number) but error_codes is \(numbers)")
            }
        } else {
            problems.append("4xx body has no error_codes list")
        }
        return problems
    }

    // MARK: Secrets

    func secretProblems(form: [String: String], headers: [String: String], body: Any?, bodyText: String?) -> [String] {
        var problems: [String] = []
        for name in headers.keys where ["authorization", "cookie", "set-cookie"].contains(name.lowercased()) {
            problems.append("header \(name) must not be recorded")
        }
        for (key, value) in form { problems += Self.checkSecret(key: key, value: value) }
        for (key, value) in headers { problems += Self.checkSecret(key: key, value: value) }
        for field in ["password", "new_password"] {
            if let password = form[field], !Recorded.passwords.contains(password) {
                problems.append("\(field) '\(password)' is not one of the fake passwords of Recorded")
            }
        }
        Self.walk(body) { key, value in problems += Self.checkSecret(key: key, value: value) }
        if let bodyText {
            // A raw body may hold JSON fragments: check the token fields it shows.
            let pattern = #/"(continuation_token|access_token|refresh_token|id_token)"\s*:\s*"([^"]*)"/#
            for match in bodyText.matches(of: pattern) {
                problems += Self.checkSecret(key: String(match.output.1), value: String(match.output.2))
            }
            problems += Self.checkSecret(key: "bodyText", value: bodyText)
        }
        return problems
    }

    /// A placeholder is fine; anything that looks like a real token or secret is not.
    static func checkSecret(key: String, value: String) -> [String] {
        switch key {
        case "continuation_token", "continuationToken":
            return value.wholeMatch(of: #/CT\d+-fake(-[a-z0-9-]+)?/#) != nil ? []
                : ["continuation_token '\(value)' is not a CT<n>-fake-… placeholder"]
        case "access_token", "refresh_token":
            return value.hasPrefix("fake-") ? [] : ["\(key) '\(value)' is not a fake-… placeholder"]
        case "id_token":
            return jwtProblems(value)
        case "href":
            // A V2 link is a path (camelCase names, a version with digits): only its query could hold a secret.
            guard let query = value.split(separator: "?", maxSplits: 1).dropFirst().first else { return [] }
            return checkSecret(key: "query", value: String(query))
        case "client_info":
            if value == "true" || value == "1" { return [] }  // the request's flag (V1's, V2's); the answer's value is base64url JSON
            guard let data = Base64URL.decode(value),
                  let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                  Set(object.keys).isSubset(of: ["uid", "utid"]) else {
                return ["client_info is not base64url JSON with uid and utid"]
            }
            return []
        default:
            if value.wholeMatch(of: #/eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]*/#) != nil { return jwtProblems(value) }
            // A long opaque run mixing digits, upper- and lowercase (GUIDs aside) looks like a real token,
            // key or secret.
            let withoutGUIDs = value.replacing(#/[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/#, with: "")
            for run in withoutGUIDs.matches(of: #/[A-Za-z0-9_\-+\/=]{24,}/#) {
                let text = run.output
                if text.contains(where: \.isNumber), text.contains(where: \.isUppercase), text.contains(where: \.isLowercase) {
                    return ["\(key) holds '\(text)', which looks like a real token or secret"]
                }
            }
            return []
        }
    }

    /// A JWT is acceptable when its header and payload are JSON and its signature part says fake.
    static func jwtProblems(_ token: String) -> [String] {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { return ["a JWT must have three parts"] }
        var problems: [String] = []
        for (index, name) in [(0, "header"), (1, "payload")] {
            guard let data = Base64URL.decode(parts[index]), (try? JSONSerialization.jsonObject(with: data)) is [String: Any] else {
                problems.append("the JWT \(name) is not base64url JSON")
                continue
            }
        }
        let signature = Base64URL.decode(parts[2]).map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !signature.lowercased().contains("fake") { problems.append("the JWT signature part does not say fake") }
        return problems
    }

    // MARK: Helpers

    /// The paths of docs/PROTOCOL.md §1.2.
    static let knownPaths: Set<String> = [
        "/oauth2/v2.0/initiate", "/oauth2/v2.0/challenge", "/oauth2/v2.0/introspect", "/oauth2/v2.0/token",
        "/signup/v1.0/start", "/signup/v1.0/challenge", "/signup/v1.0/continue",
        "/resetpassword/v1.0/start", "/resetpassword/v1.0/challenge", "/resetpassword/v1.0/continue",
        "/resetpassword/v1.0/submit", "/resetpassword/v1.0/poll_completion",
        "/register/v1.0/introspect", "/register/v1.0/challenge", "/register/v1.0/continue",
    ]

    /// The sections a source cites: every `§6` or `§6.1`.
    static func citedSections(_ source: String) -> [String] {
        source.matches(of: #/§(\d+(?:\.\d+)?)/#).map { String($0.output.1) }
    }

    /// The first key of the request's `"form"` object as written in the file (dictionaries forget order).
    static func firstFormKey(_ text: String) -> String? {
        guard let form = text.range(of: #""form""#), let open = text[form.upperBound...].firstIndex(of: "{") else { return nil }
        let rest = text[text.index(after: open)...].drop { $0.isWhitespace || $0.isNewline }
        guard rest.first == "\"", let end = rest.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(rest[rest.index(after: rest.startIndex)..<end])
    }

    /// The number in a leading `AADSTSnnnn:`.
    static func leadingAADSTS(_ description: String) -> Int? {
        description.prefixMatch(of: #/AADSTS(\d+):/#).flatMap { Int($0.output.1) }
    }

    static func value(_ headers: [String: String], _ name: String) -> String? {
        headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// Calls `visit` with every string value in `json` and the key it is under ("" in arrays).
    static func walk(_ json: Any?, key: String = "", _ visit: (String, String) -> Void) {
        switch json {
        case let string as String: visit(key, string)
        case let array as [Any]: for element in array { walk(element, key: key, visit) }
        case let object as [String: Any]: for (name, value) in object { walk(value, key: name, visit) }
        default: break
        }
    }
}
