import HTTPTypes

/// A protocol endpoint the emulator serves under `/{tenant}/`.
enum ProtocolEndpoint: Sendable, CaseIterable {
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

    /// The path under `/{tenant}/`.
    var path: String {
        switch self {
        case .initiate: "oauth2/v2.0/initiate"
        case .challenge: "oauth2/v2.0/challenge"
        case .introspect: "oauth2/v2.0/introspect"
        case .token: "oauth2/v2.0/token"
        case .discovery: "v2.0/.well-known/openid-configuration"
        case .keys: "discovery/v2.0/keys"
        case .signUpStart: "signup/v1.0/start"
        case .signUpChallenge: "signup/v1.0/challenge"
        case .signUpContinue: "signup/v1.0/continue"
        case .resetPasswordStart: "resetpassword/v1.0/start"
        case .resetPasswordChallenge: "resetpassword/v1.0/challenge"
        case .resetPasswordContinue: "resetpassword/v1.0/continue"
        case .resetPasswordSubmit: "resetpassword/v1.0/submit"
        case .resetPasswordPollCompletion: "resetpassword/v1.0/poll_completion"
        case .deviceCode: "oauth2/v2.0/devicecode"
        case .registerIntrospect: "register/v1.0/introspect"
        case .registerChallenge: "register/v1.0/challenge"
        case .registerContinue: "register/v1.0/continue"
        }
    }

    /// The endpoint at `path` under `/{tenant}/`.
    static let byPath = Dictionary(uniqueKeysWithValues: allCases.map { ($0.path, $0) })

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
