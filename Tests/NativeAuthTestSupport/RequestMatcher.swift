import Foundation
import NativeAuth

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
        problems += formProblems(request.body, expected.form, flowId: &flowId)
        return problems
    }

    private func formProblems(_ body: Data, _ expected: [String: String], flowId: inout String?) -> [String] {
        guard let fields = FormFields.decode(body) else { return ["the body is not a form"] }
        var problems: [String] = []
        if let first = fields.first?.name, first != "client_id" {
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
