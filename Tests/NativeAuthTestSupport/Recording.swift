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
    /// In a V2 twin of a V1 recording (`V2/<scenario>`, the same journey over V2), the file name of
    /// the V1 step whose work this step does (several V2 steps may do one V1 step's work).
    public let counterpart: String?

    enum CodingKeys: String, CodingKey { case source, request, response, counterpart }
}

/// The request a step expects. Header, form and JSON string values may be literals or placeholders
/// (see ``ExpectedValue``).
public struct ExpectedRequest: Sendable, Decodable {
    /// The HTTP method, such as `POST` (V2's new password is a `PUT`).
    public let method: String
    /// The path after the authority, such as `/oauth2/v2.0/initiate`.
    public let path: String
    /// The headers that matter (names are case-insensitive); others are not checked.
    public let headers: [String: String]
    /// Every form field the body must hold, no more and no fewer (empty for a JSON request).
    public let form: [String: String]
    /// A JSON request's body (V2's steps): every member, no more and no fewer; nil for a form request.
    package let json: JSONValue?

    enum CodingKeys: String, CodingKey { case method, path, headers, form, json }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        method = try container.decode(String.self, forKey: .method)
        path = try container.decode(String.self, forKey: .path)
        headers = try container.decodeIfPresent([String: String].self, forKey: .headers) ?? [:]
        form = try container.decodeIfPresent([String: String].self, forKey: .form) ?? [:]
        json = try container.decodeIfPresent(JSONValue.self, forKey: .json)
    }
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
