import Foundation
import NativeAuthShared

/// One scenario of recorded HTTP: its name and its steps, in the order they must be requested.
public struct Recording: Sendable {
    /// The folder name under `Tests/Recordings`.
    public let scenario: String
    /// The steps, ordered by their file names (`01-initiate.json`, `02-challenge.json`, …).
    public let steps: [RecordedStep]
}

/// One request the client must send and the response it gets (one `NN-<endpoint>.json` file).
public struct RecordedStep: Sendable, Decodable {
    /// The file name, such as `01-initiate.json` (set by the loader).
    public internal(set) var name: String = ""
    /// Where the answer comes from: sections of `docs/PROTOCOL.md`, or `synthetic: ` and what it imitates.
    public let source: String
    /// What the client must send.
    public let request: ExpectedRequest
    /// What the server answers.
    public let response: RecordedResponse

    enum CodingKeys: String, CodingKey { case source, request, response }
}

/// The request a step expects. Header and form values may be literals or placeholders
/// (see ``ExpectedValue``).
public struct ExpectedRequest: Sendable, Decodable {
    /// The HTTP method, such as `POST`.
    public let method: String
    /// The path after the authority, such as `/oauth2/v2.0/initiate`.
    public let path: String
    /// The headers that matter (names are case-insensitive); others are not checked.
    public let headers: [String: String]
    /// Every form field the body must hold, no more and no fewer.
    public let form: [String: String]
}

/// The response a step serves.
public struct RecordedResponse: Sendable, Decodable {
    /// The HTTP status.
    public let status: Int
    /// The placeholder a response uses for the client-request-id the server echoes.
    public static let flowIdPlaceholder = "<flow-id>"

    /// The response headers. A value of `"<flow-id>"` echoes the request's client-request-id.
    public let headers: [String: String]?
    /// A JSON body (objects' members sorted by key, so a body is stable from run to run).
    /// `"<flow-id>"` inside its string values echoes the request's client-request-id too.
    package let body: JSONValue?
    /// A raw body (HTML, truncated JSON), used when `body` is absent.
    public let bodyText: String?

    /// The body bytes, placeholders left as recorded.
    public func bodyData() throws -> Data {
        if let body { return body.data() }
        return Data((bodyText ?? "").utf8)
    }

    /// The body bytes with every `"<flow-id>"` in a string value (whole or part) replaced by `flowId`;
    /// unchanged when `flowId` is nil.
    public func bodyData(flowId: String?) throws -> Data {
        guard let flowId else { return try bodyData() }
        if let body { return body.replacingOccurrences(of: Self.flowIdPlaceholder, with: flowId).data() }
        return Data((bodyText ?? "").replacingOccurrences(of: Self.flowIdPlaceholder, with: flowId).utf8)
    }
}
