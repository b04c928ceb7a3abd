import Foundation
import HTTPTypes
@testable import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport

/// Plays one step of an API V2 recording (`Tests/Recordings/V2`, docs/PROTOCOL.md §17–§29) against
/// an in-process emulator and compares the answer with the recorded one on what must agree: the
/// status, the error codes (flat `error`, or the nested `error.code` and, when recorded,
/// `innerError.code`; case and underscores ignored, as the library reads them), the journey's
/// `state`, `action` and `type`, the names of the `_links`, the types of the `_embedded.methods`
/// and the attributes a page asks for. Values that are random or the emulator's own (tokens, codes,
/// method ids, the hrefs that carry them) are not compared.
///
/// The recording's values become the emulator's as the journey goes: a continuation token or an
/// authorization code the recording shows in an answer stands, in later requests, for the one the
/// emulator gave in the same place; an href stands for the emulator's href in the same place, so a
/// later step is sent to the emulator's own link (its method ids, not the recording's). A step
/// answered with an invalid continuation token (`invalidRequest` / `invalidContinuationToken`, or
/// `expiredToken`) is sent after the emulator's clock has moved past the token's lifetime.
enum V2StepReplay {
    /// The tenant segment the recordings' hrefs start with (their authority's).
    static let recordedTenant = "/contoso.onmicrosoft.com"

    /// The top-level members whose recorded value stands for the emulator's in later requests, each
    /// with the spellings the emulator may give it (a continuation token is read in either case, as
    /// the library reads it).
    private static let handedOn: [String: [String]] = [
        "continuationToken": ["continuationToken", "continuation_token"],
        "continuation_token": ["continuationToken", "continuation_token"],
        "code": ["code"],
        "refresh_token": ["refresh_token"],
    ]

    /// Sends `step` and compares; records the values later steps must use instead of the recorded ones.
    static func play(_ step: RecordedStep, client: InProcessClient, substitutions: inout [String: String]) async throws -> String? {
        let recorded = step.response
        let clientRequestId = UUID().uuidString
        guard case .object(let members)? = recorded.body else {
            return "the recorded answer is not a JSON object: a V2 replay compares only those"
        }
        let expected = JSONValue.object(members)
        if Self.endsTheToken(expected) {
            _ = client.core.clock.advance(by: client.core.configuration.continuationTokenLifetime * 6)
        }
        let path = substitutions[step.request.path] ?? step.request.path
        let answer: EmulatorAnswer
        if let json = step.request.json {
            let method = HTTPRequest.Method(step.request.method) ?? .post
            answer = try await client.send(path, method: method, json: json.replacingStrings(substitutions).data(),
                                           clientRequestId: clientRequestId)
        } else {
            let form = step.request.form.sorted { $0.key < $1.key }.map { name, value in (name, substitutions[value] ?? value) }
            answer = try await client.post(path, form: form, clientRequestId: clientRequestId)
        }

        guard answer.status == recorded.status else {
            return "status \(answer.status), recorded \(recorded.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
        }
        guard let actualMembers = answer.object else {
            return "the body is not a JSON object: \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
        }
        let actual = JSONValue.object(actualMembers.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
        let expectedOutcome = Self.outcome(of: expected), actualOutcome = Self.outcome(of: actual)
        for (what, recordedValue) in expectedOutcome.sorted(by: { $0.key < $1.key }) where actualOutcome[what] != recordedValue {
            return "\(what) \(actualOutcome[what] ?? "absent"), recorded \(recordedValue)"
        }
        // An inner code the recording leaves out may be given: the library reads the outer one then.
        for (what, actualValue) in actualOutcome.sorted(by: { $0.key < $1.key }) where expectedOutcome[what] == nil && what != "innerError" {
            return "\(what) \(actualValue), recorded absent"
        }
        Self.learn(recorded: expected, actual: actual, tenant: "/" + client.core.tenantDomain, into: &substitutions)
        return nil
    }

    /// What an answer says about the journey, each normalised as the library reads it (lowercased,
    /// without underscores): the error codes, `state`, `action`, `type`, the `_links` names, the
    /// methods' types and the attributes asked for.
    private static func outcome(of body: JSONValue) -> [String: String] {
        func normalised(_ value: String) -> String { value.lowercased().replacingOccurrences(of: "_", with: "") }
        var outcome: [String: String] = [:]
        switch body.member("error") {
        case .string(let code)?:
            outcome["error"] = normalised(code)
        case let error?:
            outcome["error"] = error.member("code")?.stringValue.map(normalised)
            outcome["innerError"] = error.member("innerError")?.member("code")?.stringValue.map(normalised)
        case nil:
            break
        }
        for member in ["state", "action", "type"] {
            outcome[member] = body.member(member)?.stringValue.map(normalised)
        }
        if case .object(let links)? = body.member("_links") {
            outcome["_links"] = links.map { normalised($0.0) }.sorted().joined(separator: ",")
        }
        if case .array(let methods)? = body.member("_embedded")?.member("methods") {
            outcome["methods"] = methods.compactMap { $0.member("type")?.stringValue }.joined(separator: ",")
        }
        if case .array(let attributes)? = body.member("attributes") {
            outcome["attributes"] = attributes.compactMap { $0.member("attributeId")?.stringValue }.sorted().joined(separator: ",")
        }
        return outcome.filter { !$0.value.isEmpty }
    }

    /// Whether the recorded answer refuses the continuation token as invalid or expired (not a wrong code).
    private static func endsTheToken(_ body: JSONValue) -> Bool {
        let outcome = outcome(of: body)
        return outcome["error"] == "expiredtoken"
            || (outcome["error"] == "invalidrequest" && outcome["innerError"] == "invalidcontinuationtoken")
    }

    /// Records, for every place both answers fill, the emulator's value for the recorded one: the
    /// top-level tokens and codes, and every href (as a path under the tenant, what the next step's
    /// `request.path` is).
    private static func learn(recorded: JSONValue, actual: JSONValue, tenant: String, into substitutions: inout [String: String]) {
        if case .object(let members) = recorded {
            for (name, value) in members {
                guard case .string(let recordedValue) = value, let spellings = handedOn[name],
                      let actualValue = spellings.lazy.compactMap({ actual.member($0)?.stringValue }).first else { continue }
                substitutions[recordedValue] = actualValue
            }
        }
        learnHrefs(recorded: recorded, actual: actual, tenant: tenant, into: &substitutions)
    }

    private static func learnHrefs(recorded: JSONValue, actual: JSONValue, tenant: String, into substitutions: inout [String: String]) {
        switch (recorded, actual) {
        case (.string(let recordedValue), .string(let actualValue)):
            if recordedValue.hasPrefix(recordedTenant + "/"), actualValue.hasPrefix(tenant + "/") {
                substitutions[String(recordedValue.dropFirst(recordedTenant.count))] = String(actualValue.dropFirst(tenant.count))
            }
        case (.object(let members), .object):
            for (name, value) in members {
                if let other = actual.member(name) { learnHrefs(recorded: value, actual: other, tenant: tenant, into: &substitutions) }
            }
        case (.array(let recordedValues), .array(let actualValues)):
            for (value, other) in zip(recordedValues, actualValues) {
                learnHrefs(recorded: value, actual: other, tenant: tenant, into: &substitutions)
            }
        default:
            break
        }
    }
}

extension JSONValue {
    /// The value with every string value that `substitutions` names replaced, at any depth (object
    /// keys are left alone).
    fileprivate func replacingStrings(_ substitutions: [String: String]) -> JSONValue {
        switch self {
        case .string(let value): .string(substitutions[value] ?? value)
        case .array(let values): .array(values.map { $0.replacingStrings(substitutions) })
        case .object(let members): .object(members.map { ($0.0, $0.1.replacingStrings(substitutions)) })
        case .null, .bool, .int, .double: self
        }
    }
}
