import HTTPTypes

/// A protocol endpoint the emulator serves under `/{tenant}/`.
enum ProtocolEndpoint: Sendable {
    case initiate, challenge, token, discovery, keys, deviceCode

    var method: HTTPRequest.Method {
        switch self {
        case .initiate, .challenge, .token, .deviceCode: .post
        case .discovery, .keys: .get
        }
    }

    /// The name used by `POST /_emulator/faults`.
    var faultName: String {
        switch self {
        case .initiate: "initiate"
        case .challenge: "challenge"
        case .token: "token"
        case .discovery: "discovery"
        case .keys: "keys"
        case .deviceCode: "devicecode"
        }
    }
}

/// A parsed `/{tenant}/{endpoint path}`.
struct ProtocolRoute: Sendable {
    let tenant: String
    let endpoint: ProtocolEndpoint

    private static let paths: [String: ProtocolEndpoint] = [
        "oauth2/v2.0/initiate": .initiate,
        "oauth2/v2.0/challenge": .challenge,
        "oauth2/v2.0/token": .token,
        "v2.0/.well-known/openid-configuration": .discovery,
        "discovery/v2.0/keys": .keys,
        "oauth2/v2.0/devicecode": .deviceCode,
    ]

    init?(path: String) {
        var trimmed = Substring(path)
        while trimmed.hasPrefix("/") { trimmed.removeFirst() }
        while trimmed.hasSuffix("/") { trimmed.removeLast() }
        guard let slash = trimmed.firstIndex(of: "/") else { return nil }
        let tenant = String(trimmed[..<slash])
        guard !tenant.isEmpty, let endpoint = Self.paths[String(trimmed[trimmed.index(after: slash)...])] else { return nil }
        self.tenant = tenant
        self.endpoint = endpoint
    }
}
