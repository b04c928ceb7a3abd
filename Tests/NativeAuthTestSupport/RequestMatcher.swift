import Foundation
import NativeAuth
import NativeAuthShared

/// Compares a request with a step's expected request and lists every difference.
struct RequestMatcher {
    let authority: URL

    func problems(_ request: HTTPRequest, _ expected: ExpectedRequest, flowId: inout String?) -> [String] {
        var problems: [String] = []
        if request.method != expected.method {
            problems.append("method is \(request.method), expected \(expected.method)")
        }
        let expectedURL = authority.absoluteString + expected.path
        if request.url.absoluteString != expectedURL {
            problems.append("URL is \(request.url.absoluteString), expected \(expectedURL)")
        }
        for (name, recorded) in expected.headers.sorted(by: { $0.key < $1.key }) {
            problems += check("header \(name)", sent: request.header(name), recorded: recorded, flowId: &flowId)
        }
        if let json = expected.json {
            problems += jsonProblems(request, json, flowId: &flowId)
        } else {
            problems += formProblems(request.body, expected.form, flowId: &flowId)
        }
        return problems
    }

    /// A JSON request: sent as `application/json`, its body exactly the recorded members (string
    /// values compared as form values are, placeholders included), no more and no fewer.
    private func jsonProblems(_ request: HTTPRequest, _ expected: JSONValue, flowId: inout String?) -> [String] {
        var problems: [String] = []
        if request.header("Content-Type")?.hasPrefix("application/json") != true {
            problems.append("Content-Type is \(request.header("Content-Type") ?? "missing"), expected application/json")
        }
        guard let sent = JSONValue.decoded(from: request.body) else { return problems + ["the body is not JSON"] }
        problems += jsonProblems(sent, expected, at: "body", flowId: &flowId)
        return problems
    }

    private func jsonProblems(_ sent: JSONValue, _ expected: JSONValue, at path: String, flowId: inout String?) -> [String] {
        switch (sent, expected) {
        case (_, .string(let recorded)):
            guard case .string(let value) = sent else { return ["\(path) is \(sent.serialized()), expected a string"] }
            return check(path, sent: value, recorded: recorded, flowId: &flowId)
        case (.object(let members), .object(let recorded)):
            let names = members.map(\.0)
            var problems: [String] = []
            let unexpected = Set(names).subtracting(recorded.map(\.0))
            if !unexpected.isEmpty { problems.append("\(path) has unexpected members: \(unexpected.sorted())") }
            for (name, value) in recorded {
                guard let member = members.first(where: { $0.0 == name }) else {
                    problems.append("\(path).\(name) is missing")
                    continue
                }
                problems += jsonProblems(member.1, value, at: "\(path).\(name)", flowId: &flowId)
            }
            return problems
        case (.array(let items), .array(let recorded)) where items.count == recorded.count:
            return zip(items, recorded).enumerated().flatMap { index, pair in
                jsonProblems(pair.0, pair.1, at: "\(path)[\(index)]", flowId: &flowId)
            }
        default:
            return sent == expected ? [] : ["\(path) is \(sent.serialized()), expected \(expected.serialized())"]
        }
    }

    private func formProblems(_ body: Data, _ expected: [String: String], flowId: inout String?) -> [String] {
        guard let fields = FormFields.decode(body) else { return ["the body is not a form"] }
        var problems: [String] = []
        if expected["client_id"] != nil, let first = fields.first?.name, first != "client_id" {
            problems.append("the form starts with \(first), expected client_id")
        }
        let names = fields.map(\.name)
        let duplicates = Set(names.filter { name in names.filter { $0 == name }.count > 1 })
        if !duplicates.isEmpty { problems.append("form fields sent twice: \(duplicates.sorted())") }
        let unexpected = Set(names).subtracting(expected.keys)
        if !unexpected.isEmpty { problems.append("unexpected form fields: \(unexpected.sorted())") }
        let sent = Dictionary(fields.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        for (name, recorded) in expected.sorted(by: { $0.key < $1.key }) {
            problems += check("form field \(name)", sent: sent[name], recorded: recorded, flowId: &flowId)
        }
        return problems
    }

    private func check(_ what: String, sent: String?, recorded: String, flowId: inout String?) -> [String] {
        guard let sent else { return ["\(what) is missing"] }
        switch ExpectedValue(recorded) {
        case .any:
            return []
        case .literal(let value):
            return sent == value ? [] : ["\(what) is '\(sent)', expected '\(value)'"]
        case .uuid:
            return ExpectedValue.isUppercaseUUID(sent) ? [] : ["\(what) is '\(sent)', expected an uppercase UUID"]
        case .flowId:
            guard ExpectedValue.isUppercaseUUID(sent) else { return ["\(what) is '\(sent)', expected an uppercase UUID"] }
            if let bound = flowId, bound != sent {
                return ["\(what) is '\(sent)', expected the scenario's flow id '\(bound)'"]
            }
            flowId = sent
            return []
        }
    }
}
