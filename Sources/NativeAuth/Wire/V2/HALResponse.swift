#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A V2 answer that leads on: the entry answer of `/oauth2/v2.0/authorize-challenge` (flat OAuth JSON
/// with entry links) and every answer of the server-driven `/api/…` steps (HAL JSON), read tolerantly
/// (docs/PROTOCOL.md, part V2): `continuationToken` or `continuation_token`; links under `_links`
/// (`{"rel": {"href"}}`) or, for the entry links, flat at the top level (`sign_in`, `sign_up` or
/// `signup` in either place, `reset_password`; `_links` wins when both name one); the method list under
/// `_embedded.methods`; `codeLength` at the top level or under `payload`; unknown fields ignored. An
/// unknown `state` or `action` is kept as ``State/other(_:)`` / ``Action/other(_:)`` for the flow to
/// refuse with a clear error, never a decoding failure.
struct HALResponse: Decodable, Sendable, Equatable {
    /// Where the journey stands.
    enum State: Sendable, Equatable {
        case interactionRequired
        /// Done: go back to `authorize-challenge` with the continuation token for a code.
        case `continue`
        /// The journey needs the browser.
        case webFallbackRequired
        case other(String)

        init(_ raw: String) {
            switch HALResponse.normalized(raw) {
            case "interactionrequired": self = .interactionRequired
            case "continue": self = .continue
            case "webfallbackrequired": self = .webFallbackRequired
            default: self = .other(raw)
            }
        }
    }

    /// What the server asks for next.
    enum Action: Sendable, Equatable {
        case challenge, verify, enroll, register, activate, collectAttributes, update, poll
        /// js's risk step before an SMS code (`riskverify`, with a link of that name).
        case riskVerify
        case other(String)

        init(_ raw: String) {
            switch HALResponse.normalized(raw) {
            case "challenge": self = .challenge
            case "verify": self = .verify
            case "enroll": self = .enroll
            case "register": self = .register
            case "activate": self = .activate
            case "collectattributes": self = .collectAttributes
            case "update": self = .update
            case "poll": self = .poll
            case "riskverify": self = .riskVerify
            default: self = .other(raw)
            }
        }
    }

    /// One way to prove who the user is, from `_embedded.methods`.
    struct Method: Sendable, Equatable {
        var id: String?
        /// `email`, `sms`, `password`, …
        var type: String?
        /// The masked address or number.
        var hint: String?
        /// The method's own links (`challenge`).
        var links: [String: String]
    }

    /// One attribute sign-up asks for (`attributes`).
    struct Attribute: Sendable, Equatable {
        var name: String
        var type: String?
        var required: Bool
        var regex: String?
    }

    var continuationToken: String?
    var state: State?
    var action: Action?
    var scenario: String?
    /// `challengeContext.authenticationFactor`: `singleFactor` or `multiFactor`.
    var authenticationFactor: String?
    /// The current method's ID, type and hint (after a challenge).
    var id: String?
    var type: String?
    var hint: String?
    var codeLength: Int?
    var attributes: [Attribute]
    /// Each link relation's href, as sent (resolve with ``HrefResolver`` before following it).
    var links: [String: String]
    var methods: [Method]

    /// The href of `relation`, if the answer has one.
    func link(_ relation: String) -> String? {
        links[relation]
    }

    /// Keys compared without regard to case or underscores: `invalidGrant` is `invalid_grant`.
    static func normalized(_ text: String) -> String {
        text.lowercased().replacing("_", with: "")
    }

    /// The entry links that may come flat at the top level, and the relation each is kept under.
    static let flatEntryLinks = ["sign_in": "sign_in", "sign_up": "sign_up", "signup": "sign_up", "reset_password": "reset_password"]

    init(from decoder: any Decoder) throws {
        let object = try decoder.container(keyedBy: AnyKey.self)
        continuationToken = object.string("continuationToken") ?? object.string("continuation_token")
        state = object.string("state").map(State.init)
        action = object.string("action").map(Action.init)
        scenario = object.string("scenario")
        if let context = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("challengeContext")) {
            authenticationFactor = context.string("authenticationFactor")
        }
        id = object.string("id")
        type = object.string("type")
        hint = object.string("hint")
        var length = object.int("codeLength") ?? object.int("code_length")
        if length == nil, let payload = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("payload")) {
            length = payload.int("codeLength")
        }
        codeLength = length
        attributes = Self.attributes(in: object)
        var links: [String: String] = [:]
        for (flat, relation) in Self.flatEntryLinks {
            if let href = object.string(flat), links[relation] == nil || flat == relation { links[relation] = href }
        }
        for (relation, href) in Self.links(in: object) { links[relation] = href }
        if links["sign_up"] == nil, let old = links["signup"] { links["sign_up"] = old }
        self.links = links
        methods = Self.methods(in: object)
    }

    init(continuationToken: String? = nil, state: State? = nil, action: Action? = nil, links: [String: String] = [:],
         methods: [Method] = [], attributes: [Attribute] = []) {
        self.continuationToken = continuationToken
        self.state = state
        self.action = action
        self.links = links
        self.methods = methods
        self.attributes = attributes
    }

    /// `_links`: `{"rel": {"href": "…"}}` (or `{"rel": "…"}`); a templated link is kept only when its
    /// template is the leading `{tenant}` the resolver knows.
    private static func links(in object: KeyedDecodingContainer<AnyKey>) -> [String: String] {
        guard let links = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("_links")) else { return [:] }
        var found: [String: String] = [:]
        for key in links.allKeys {
            if let href = try? links.decode(String.self, forKey: key) {
                found[key.stringValue] = href
            } else if let link = try? links.nestedContainer(keyedBy: AnyKey.self, forKey: key), let href = link.string("href") {
                found[key.stringValue] = href
            }
        }
        return found
    }

    private static func methods(in object: KeyedDecodingContainer<AnyKey>) -> [Method] {
        guard let embedded = try? object.nestedContainer(keyedBy: AnyKey.self, forKey: AnyKey("_embedded")),
              var list = try? embedded.nestedUnkeyedContainer(forKey: AnyKey("methods"))
        else { return [] }
        var methods: [Method] = []
        while !list.isAtEnd {
            guard let method = try? list.nestedContainer(keyedBy: AnyKey.self) else {
                _ = try? list.decode(JSONSkip.self)
                continue
            }
            methods.append(Method(id: method.string("id"), type: method.string("type"), hint: method.string("hint"),
                                  links: links(in: method)))
        }
        return methods
    }

    private static func attributes(in object: KeyedDecodingContainer<AnyKey>) -> [Attribute] {
        guard var list = try? object.nestedUnkeyedContainer(forKey: AnyKey("attributes")) else { return [] }
        var attributes: [Attribute] = []
        while !list.isAtEnd {
            guard let attribute = try? list.nestedContainer(keyedBy: AnyKey.self),
                  let name = attribute.string("attributeId") ?? attribute.string("id") ?? attribute.string("name")
            else {
                _ = try? list.decode(JSONSkip.self)
                continue
            }
            attributes.append(Attribute(
                name: name, type: attribute.string("type"), required: (try? attribute.decode(Bool.self, forKey: AnyKey("required"))) ?? false,
                regex: attribute.string("validationRegex") ?? attribute.string("regex")))
        }
        return attributes
    }
}

/// Any JSON key, for answers read by name.
struct AnyKey: CodingKey, Sendable {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Any JSON value, read and dropped (an element of a list that is not what was expected).
struct JSONSkip: Decodable {
    init(from decoder: any Decoder) throws {}
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// The string at `name`; nil when it is missing, null or not a string.
    func string(_ name: String) -> String? {
        try? decodeIfPresent(String.self, forKey: AnyKey(name))
    }

    /// The whole number at `name` (or a string of digits); nil when it is missing or not one.
    func int(_ name: String) -> Int? {
        if let number = try? decodeIfPresent(Int.self, forKey: AnyKey(name)) { return number }
        return (try? decodeIfPresent(String.self, forKey: AnyKey(name))).flatMap { $0.flatMap(Int.init) }
    }
}
