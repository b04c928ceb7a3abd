import Foundation
import NativeAuthTestSupport

/// The rules of a V2 recording's step (`Tests/Recordings/V2`, see its README section): the same
/// sources, correlation and secrets as V1's, and V2's own: what may be sent where (`client_id`,
/// scopes and claims only to the OAuth endpoints; a continuation token in every JSON body), either
/// error envelope, and a twin's counterparts.
extension RecordingLint {
    /// V2's two fixed endpoints; every other step follows a link the server returned, to `/api/…`.
    static let v2OAuthPaths: Set<String> = ["/oauth2/v2.0/authorize-challenge", "/oauth2/v2.0/token"]

    /// The problems of one V2 step.
    func v2Problems(scenario: String, file: String, number: Int, text: String) -> [String] {
        var problems: [String] = []
        func problem(_ message: String) { problems.append("\(scenario)/\(file): \(message)") }

        guard let root = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any],
              let request = root["request"] as? [String: Any], let response = root["response"] as? [String: Any]
        else { return ["\(scenario)/\(file): not a JSON object with a request and a response"] }
        if (try? JSONDecoder().decode(RecordedStep.self, from: Data(text.utf8))) == nil { problem("does not decode as a RecordedStep") }
        let method = request["method"] as? String ?? ""
        let path = request["path"] as? String ?? ""
        let form = request["form"] as? [String: String]
        let json = request["json"] as? [String: Any]
        let requestHeaders = request["headers"] as? [String: String] ?? [:]
        let responseHeaders = response["headers"] as? [String: String] ?? [:]
        let status = response["status"] as? Int ?? 0
        let body = response["body"]

        // The file name: NN-<the path's last component>, or NN-update for a PUT (its path ends in an id).
        let endpoint = method == "PUT" ? "update" : path.split(separator: "/").last.map(String.init) ?? ""
        let expectedName = (number < 10 ? "0" : "") + "\(number)-\(endpoint).json"
        if file != expectedName { problem("file name should be \(expectedName) (step \(number), \(method) \(path))") }

        let source = (root["source"] as? String ?? "").trimmingCharacters(in: .whitespaces)
        let synthetic = source.hasPrefix("synthetic: ")
        sourceProblems(source).forEach(problem)

        // What may be sent where.
        if Self.v2OAuthPaths.contains(path) {
            guard method == "POST", let form, json == nil else {
                problem("\(path) takes a form POST")
                return problems
            }
            if path.hasSuffix("/token") || form["client_id"] != nil {
                if Self.firstFormKey(text) != "client_id" { problem("the form must start with client_id") }
                if form["client_id"] != ReplayFixture.clientId { problem("client_id is not \(ReplayFixture.clientId)") }
                if !path.hasSuffix("/token"), form.count != 1 { problem("the entry sends client_id alone (scope and claims go to /token)") }
            } else if Set(form.keys) != ["continuation_token"] {
                problem("the resume sends continuation_token alone, no client_id")
            }
        } else if path.hasPrefix("/api/") {
            guard ["POST", "PUT"].contains(method), let json, form?.isEmpty ?? true else {
                problem("a step at \(path) takes a JSON POST or PUT")
                return problems
            }
            if !(json["continuationToken"] is String) { problem("a JSON step sends its continuationToken") }
            for forbidden in ["client_id", "clientId", "scope", "scopes", "claims"] where json[forbidden] != nil {
                problem("\(forbidden) goes only to the OAuth endpoints, never to \(path)")
            }
            if Self.value(requestHeaders, "Content-Type") != "application/json" { problem("a JSON step's Content-Type is application/json") }
        } else {
            problem("unknown V2 path \(path): neither an OAuth endpoint nor /api/…")
        }

        Self.correlationProblems(body: body, responseHeaders: responseHeaders).forEach(problem)

        // Either error envelope on a 4xx: the flat OAuth one, or the nested one with a code and a message.
        if (400..<500).contains(status), !synthetic {
            if let object = body as? [String: Any], let nested = object["error"] as? [String: Any] {
                if !(nested["code"] is String) || !(nested["message"] is String) { problem("a nested error has a code and a message") }
            } else if let object = body as? [String: Any] {
                if object["error"] as? String != "redirect_to_web" { Self.flatEnvelopeProblems(object).forEach(problem) }
            } else {
                problem("a 4xx that is not an error envelope must be labelled synthetic")
            }
        }

        // No real-looking secrets, in the form or the JSON body.
        Self.walk(json) { key, value in
            if ["password", "newPassword"].contains(key), !Recorded.passwords.contains(value) {
                problems.append("\(scenario)/\(file): \(key) '\(value)' is not one of the fake passwords of Recorded")
            }
            problems += Self.checkSecret(key: key, value: value).map { "\(scenario)/\(file): \($0)" }
        }
        problems += secretProblems(form: form ?? [:], headers: requestHeaders.merging(responseHeaders) { a, _ in a },
                                   body: body, bodyText: response["bodyText"] as? String).map { "\(scenario)/\(file): \($0)" }
        return problems
    }

    /// The problems of a V2 twin (a V2 scenario named as a V1 one): every step names the V1 step
    /// whose work it does, in the V1 scenario's order, and every V1 step is done. A V2 scenario with
    /// no V1 twin names no counterpart.
    func twinProblems(scenario: String) throws -> [String] {
        let name = String(scenario.dropFirst(RecordingLoader.v2Folder.count + 1))
        let twin = try RecordingLoader.load(scenario)
        let counterparts = twin.steps.map(\.counterpart)
        guard try RecordingLoader.scenarioNames().contains(name) else {
            return counterparts.contains { $0 != nil } ? ["\(scenario): names counterparts, but V1 has no scenario \(name)"] : []
        }
        let v1 = try RecordingLoader.load(name).steps.map(\.name)
        var problems: [String] = []
        for (step, counterpart) in zip(twin.steps, counterparts) where counterpart.map(v1.contains) != true {
            problems.append("\(scenario)/\(step.name): its counterpart \(counterpart ?? "(none)") is not a step of \(name)")
        }
        let order = counterparts.compactMap { $0.flatMap(v1.firstIndex(of:)) }
        if order != order.sorted() { problems.append("\(scenario): the counterparts are not in \(name)'s order") }
        if Set(order) != Set(v1.indices) { problems.append("\(scenario): does not do every step of \(name)") }
        return problems
    }
}
