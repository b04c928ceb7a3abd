import HTTPTypes

/// A protocol endpoint the emulator serves under `/{tenant}/`.
enum ProtocolEndpoint: Sendable {
    case initiate, challenge, introspect, token, discovery, keys, deviceCode
    case signUpStart, signUpChallenge, signUpContinue
    case resetPasswordStart, resetPasswordChallenge, resetPasswordContinue, resetPasswordSubmit, resetPasswordPollCompletion
    case registerIntrospect, registerChallenge, registerContinue

    var method: HTTPRequest.Method {
        switch self {
        case .initiate, .challenge, .token, .deviceCode, .signUpStart, .signUpChallenge, .signUpContinue: .post
        case .resetPasswordStart, .resetPasswordChallenge, .resetPasswordContinue, .resetPasswordSubmit, .resetPasswordPollCompletion: .post
        case .introspect, .registerIntrospect, .registerChallenge, .registerContinue: .post
        case .discovery, .keys: .get
        }
    }

    /// The name used by `POST /_emulator/faults`.
    var faultName: String {
        switch self {
        case .initiate: "initiate"
        case .challenge: "challenge"
        case .introspect: "introspect"
        case .token: "token"
        case .discovery: "discovery"
        case .keys: "keys"
        case .signUpStart: "signup/start"
        case .signUpChallenge: "signup/challenge"
        case .signUpContinue: "signup/continue"
        case .resetPasswordStart: "resetpassword/start"
        case .resetPasswordChallenge: "resetpassword/challenge"
        case .resetPasswordContinue: "resetpassword/continue"
        case .resetPasswordSubmit: "resetpassword/submit"
        case .resetPasswordPollCompletion: "resetpassword/poll_completion"
        case .deviceCode: "devicecode"
        case .registerIntrospect: "register/introspect"
        case .registerChallenge: "register/challenge"
        case .registerContinue: "register/continue"
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
        "oauth2/v2.0/introspect": .introspect,
        "oauth2/v2.0/token": .token,
        "v2.0/.well-known/openid-configuration": .discovery,
        "discovery/v2.0/keys": .keys,
        "signup/v1.0/start": .signUpStart,
        "signup/v1.0/challenge": .signUpChallenge,
        "signup/v1.0/continue": .signUpContinue,
        "resetpassword/v1.0/start": .resetPasswordStart,
        "resetpassword/v1.0/challenge": .resetPasswordChallenge,
        "resetpassword/v1.0/continue": .resetPasswordContinue,
        "resetpassword/v1.0/submit": .resetPasswordSubmit,
        "resetpassword/v1.0/poll_completion": .resetPasswordPollCompletion,
        "oauth2/v2.0/devicecode": .deviceCode,
        "register/v1.0/introspect": .registerIntrospect,
        "register/v1.0/challenge": .registerChallenge,
        "register/v1.0/continue": .registerContinue,
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
