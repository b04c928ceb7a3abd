import Foundation
@testable import NativeAuthEmulator
import NativeAuthShared
import NativeAuthTestSupport

/// Plays one recording's requests against an in-process emulator and compares each answer with the
/// recorded one on what must agree: the status, `error`, `suberror`, the set of members of the body,
/// and the flow's next step (`challenge_type`, a reset poll's `status`). Values that are random
/// (tokens, ids, timestamps) or worded differently are not compared.
///
/// The recording's placeholders become the emulator's own values as the flow goes: a continuation or
/// refresh token the recording shows in an answer stands, in later requests, for the one the emulator
/// gave in the same place; likewise the ids of the second factors `introspect` lists. A step whose
/// recorded answer is a server fault (a 5xx, a 429, or a body that is not JSON) is queued first as a
/// fault through the admin API (`POST /_emulator/faults`); a step answered `expired_token` is sent
/// after the emulator's clock has moved past the token's lifetime. A V2 recording's steps are played
/// by ``V2StepReplay``.
struct ScenarioReplay {
    let recording: Recording
    let setup: ScenarioSetup

    /// The first disagreement, or nil when every step agrees.
    func run() async throws -> String? {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let seedURL = directory.appendingPathComponent("seed.json")
        try JSONEncoder().encode(setup.seedFile).write(to: seedURL)

        var config = EmulatorConfiguration()
        config.fixedCode = ScenarioSetup.code
        config.onCodeSent = { _ in }
        config.logger.logLevel = .critical
        config.adminToken = "replay-admin-token-0123456789"
        config.seedFile = seedURL
        if setup.registerClient, let clientId = recording.steps.first?.request.form["client_id"] {
            config.additionalClientIds = [clientId]
        }
        let recording = self.recording
        return try await InProcessClient.with(config) { client in
            var substitutions: [String: String] = [:]
            let isV2 = recording.scenario.hasPrefix(RecordingLoader.v2Folder + "/")
            for step in recording.steps {
                let difference = isV2 ? try await V2StepReplay.play(step, client: client, substitutions: &substitutions)
                    : try await Self.play(step, client: client, substitutions: &substitutions)
                if let difference {
                    return "\(step.name): \(difference)"
                }
            }
            return nil
        }
    }

    /// Sends one step and compares; records the values later steps must use instead of the recorded ones.
    private static func play(_ step: RecordedStep, client: InProcessClient, substitutions: inout [String: String]) async throws -> String? {
        let recorded = step.response
        let clientRequestId = UUID().uuidString
        let recordedObject = recorded.body.flatMap { body -> [String: JSONValue]? in
            guard case .object(let members) = body else { return nil }
            return Dictionary(members, uniquingKeysWith: { first, _ in first })
        }
        if recorded.status >= 500 || recorded.status == 429 || recorded.bodyText != nil {
            try await queueFault(for: step, client: client, clientRequestId: clientRequestId)
        }
        if recordedObject?["error"]?.stringValue == "expired_token" {
            _ = client.core.clock.advance(by: client.core.configuration.continuationTokenLifetime * 6)
        }
        let form = step.request.form.sorted { $0.key < $1.key }.map { name, value in (name, substitutions[value] ?? value) }
        let answer = try await client.post(step.request.path, form: form, clientRequestId: clientRequestId)

        guard answer.status == recorded.status else {
            return "status \(answer.status), recorded \(recorded.status): \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
        }
        guard let expected = recordedObject else {
            let text = (recorded.bodyText ?? "").replacingOccurrences(of: RecordedResponse.flowIdPlaceholder, with: clientRequestId)
            return answer.body == Data(text.utf8) ? nil : "the body is not the recorded text"
        }
        guard let actual = answer.object else {
            return "the body is not a JSON object: \(String(decoding: answer.body.prefix(300), as: UTF8.self))"
        }
        for member in ["error", "suberror", "challenge_type", "status"] where actual[member] != expected[member] {
            if member == "status", expected[member] == nil, actual[member] == nil { continue }
            return "\(member) \(actual[member]?.serialized() ?? "absent"), recorded \(expected[member]?.serialized() ?? "absent")"
        }
        let actualMembers = Set(actual.keys), expectedMembers = Set(expected.keys)
        guard actualMembers == expectedMembers else {
            let extra = actualMembers.subtracting(expectedMembers).sorted(), missing = expectedMembers.subtracting(actualMembers).sorted()
            return "members differ: the emulator adds \(extra), leaves out \(missing)"
        }
        for member in ["continuation_token", "refresh_token"] {
            if case .string(let recordedValue)? = expected[member], case .string(let actualValue)? = actual[member] {
                substitutions[recordedValue] = actualValue
            }
        }
        if case .array(let recordedMethods)? = expected["methods"], case .array(let actualMethods)? = actual["methods"] {
            for (recordedMethod, actualMethod) in zip(recordedMethods, actualMethods) {
                if let recordedId = recordedMethod.member("id")?.stringValue, let actualId = actualMethod.member("id")?.stringValue {
                    substitutions[recordedId] = actualId
                }
            }
        }
        return nil
    }

    /// Queues the recorded answer of `step` as a fault of its endpoint: its status, and its body when
    /// it is not a JSON object (else the emulator writes its own protocol error body).
    private static func queueFault(for step: RecordedStep, client: InProcessClient, clientRequestId: String) async throws {
        guard let endpoint = ProtocolEndpoint.allCases.first(where: { "/" + $0.path == step.request.path }) else {
            throw ReplayError("\(step.name): no emulator endpoint serves \(step.request.path)")
        }
        let body = step.response.bodyText?.replacingOccurrences(of: RecordedResponse.flowIdPlaceholder, with: clientRequestId)
        let fault = Fault(endpoint: endpoint.faultName, status: step.response.status, body: body, headers: nil, delayMs: nil,
                          dropConnection: nil, count: 1)
        let answer = try await client.admin(.post, "faults", json: JSONEncoder().encode(fault))
        guard answer.status == 200 else {
            throw ReplayError("\(step.name): the fault was refused: \(String(decoding: answer.body, as: UTF8.self))")
        }
    }
}

struct ReplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension JSONValue {
    /// The member `name` of an object.
    func member(_ name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == name }?.1
    }
}
