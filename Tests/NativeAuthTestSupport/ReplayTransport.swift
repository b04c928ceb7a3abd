import Foundation
import NativeAuth
import Synchronization

/// Serves the steps of one recorded scenario, in order, to the library's transport seam.
///
/// Each request must match the next step (method, path, the recorded headers, exactly the recorded form
/// fields). A request that does not match, or that comes after the last step, is refused: `send` throws
/// a ``ReplayMismatch`` (the library then sees a transport failure) **and** the problem is kept in
/// ``mismatches`` so the test can fail on it even when the library swallowed the error.
/// ``assertAllUsed()`` fails when a step was never requested or anything did not match.
public final class ReplayTransport: HTTPTransport {
    /// The scenario being replayed.
    public let recording: Recording
    /// The authority the recorded paths are appended to.
    public let authority: URL
    /// Whether ``unusedSteps`` names the V1 steps a V2 twin's unused steps do the work of
    /// (``RecordedStep/counterpart``), so a test written against the V1 recording reads the same.
    public let reportsCounterparts: Bool

    private struct State {
        var next = 0
        var flowId: String?
        var mismatches: [String] = []
        var requests: [HTTPRequest] = []
        var responses: [HTTPResponse] = []
    }

    private let state = Mutex(State())

    /// Replays `recording` for requests under `authority`; with `reportsCounterparts`, ``unusedSteps``
    /// names the V1 steps of a V2 twin's unused steps.
    public init(_ recording: Recording, authority: URL, reportsCounterparts: Bool = false) {
        self.recording = recording
        self.authority = authority
        self.reportsCounterparts = reportsCounterparts
    }

    /// Replays the scenario folder `scenario` of `Tests/Recordings` (`V2/<name>` for a V2 one).
    public convenience init(scenario: String, authority: URL, reportsCounterparts: Bool = false) throws {
        self.init(try RecordingLoader.load(scenario), authority: authority, reportsCounterparts: reportsCounterparts)
    }

    // MARK: What the test inspects

    /// The steps never requested, by file name (or, with ``reportsCounterparts``, the V1 steps whose
    /// work they do, each once, in order).
    public var unusedSteps: [String] {
        let unused = state.withLock { state in Array(recording.steps[state.next...]) }
        guard reportsCounterparts else { return unused.map(\.name) }
        var names: [String] = []
        for step in unused {
            let name = step.counterpart ?? step.name
            if names.last != name { names.append(name) }
        }
        return names
    }

    /// Every request that did not match its step, or came after the last one.
    public var mismatches: [String] { state.withLock { $0.mismatches } }

    /// The client-request-id the scenario's `"<flow-id>"` values were bound to (by the first request).
    public var flowId: String? { state.withLock { $0.flowId } }

    /// Every request received, matching or not.
    public var requests: [HTTPRequest] { state.withLock { $0.requests } }

    /// Every response served, in order, placeholders replaced.
    public var responses: [HTTPResponse] { state.withLock { $0.responses } }

    /// Throws when a request did not match, or when a step was never used.
    public func assertAllUsed() throws {
        let (mismatches, unused) = state.withLock { state in (state.mismatches, recording.steps[state.next...].map(\.name)) }
        guard mismatches.isEmpty, unused.isEmpty else {
            throw ReplayMismatch(
                "Replay of '\(recording.scenario)' failed."
                    + (mismatches.isEmpty ? "" : " Mismatched requests: \(mismatches.joined(separator: " | "))")
                    + (unused.isEmpty ? "" : " Steps never used: \(unused.joined(separator: ", "))"))
        }
    }

    // MARK: HTTPTransport

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        try state.withLock { state in
            state.requests.append(request)
            let number = state.requests.count
            guard state.next < recording.steps.count else {
                let problem = "request #\(number) \(request.method) \(request.url.absoluteString) is unexpected: "
                    + "all \(recording.steps.count) steps of '\(recording.scenario)' were used"
                state.mismatches.append(problem)
                throw ReplayMismatch(problem)
            }
            let step = recording.steps[state.next]
            var flowId = state.flowId
            let problems = RequestMatcher(authority: authority).problems(request, step.request, flowId: &flowId)
            guard problems.isEmpty else {
                let problem = "request #\(number) does not match \(recording.scenario)/\(step.name): "
                    + problems.joined(separator: "; ")
                state.mismatches.append(problem)
                throw ReplayMismatch(problem)
            }
            state.flowId = flowId
            state.next += 1
            let served = try response(for: step, echoing: request.header("client-request-id") ?? flowId)
            state.responses.append(served)
            return served
        }
    }

    /// The step's response with every `"<flow-id>"` (a whole header value, a whole body string or a
    /// part of one, such as the `Correlation ID:` line of `error_description`) replaced by `echo`: the
    /// client-request-id the client sent with this request, as the server echoes it. That is the flow's
    /// id, or for a request that starts its own correlation (`"<uuid>"`, a refresh) that request's id.
    private func response(for step: RecordedStep, echoing echo: String?) throws -> HTTPResponse {
        var headers: [String: String] = [:]
        for (name, value) in step.response.headers ?? [:] {
            headers[name] = value == RecordedResponse.flowIdPlaceholder ? (echo ?? value) : value
        }
        return HTTPResponse(status: step.response.status, headers: headers, body: try step.response.bodyData(flowId: echo))
    }
}

/// A request did not match the recording.
public struct ReplayMismatch: Error, CustomStringConvertible, Equatable {
    public let description: String
    public init(_ description: String) { self.description = description }
}
