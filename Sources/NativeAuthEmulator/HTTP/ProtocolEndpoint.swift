import HTTPTypes

/// A protocol endpoint the emulator serves under `/{tenant}/`: V1's, and API V2's
/// (`authorize-challenge`, then the `/api/{version}/…` steps its answers link to, ``HALRoute``).
enum ProtocolEndpoint: Sendable, CaseIterable {
    case initiate, challenge, introspect, token, discovery, keys, deviceCode
    case signUpStart, signUpChallenge, signUpContinue
    case resetPasswordStart, resetPasswordChallenge, resetPasswordContinue, resetPasswordSubmit, resetPasswordPollCompletion
    case registerIntrospect, registerChallenge, registerContinue
    case authorizeChallenge
    case v2SignIn, v2SignUp, v2ResetPassword, v2Challenge, v2Verify, v2Attributes, v2Enroll, v2Activate, v2Update, v2Poll

    /// What a request to the endpoint carries, and so how its errors are written.
    enum Body: Sendable {
        /// A form (`application/x-www-form-urlencoded`), or nothing for a `GET`; errors in the flat
        /// OAuth envelope (``ProtocolErrorBody``).
        case form
        /// A V2 step's JSON (``HALRequestBody``); errors in the nested envelope (``HALErrorBody``).
        case json
    }

    var method: HTTPRequest.Method {
        switch self {
        case .initiate, .challenge, .token, .deviceCode, .signUpStart, .signUpChallenge, .signUpContinue: .post
        case .resetPasswordStart, .resetPasswordChallenge, .resetPasswordContinue, .resetPasswordSubmit, .resetPasswordPollCompletion: .post
        case .introspect, .registerIntrospect, .registerChallenge, .registerContinue: .post
        case .discovery, .keys: .get
        case .authorizeChallenge, .v2SignIn, .v2SignUp, .v2ResetPassword, .v2Challenge, .v2Verify, .v2Attributes, .v2Enroll, .v2Activate,
             .v2Poll: .post
        case .v2Update: .put
        }
    }

    var body: Body {
        routes.isEmpty ? .form : .json
    }

    /// The V2 step's paths under `/{tenant}/api/{version}/` (none for the others: their path is ``path``).
    var routes: [HALRoute] {
        switch self {
        case .v2SignIn: [.signIn]
        case .v2SignUp: [.signUp]
        case .v2ResetPassword: [.resetPassword]
        case .v2Challenge: [.challenge]
        case .v2Verify: [.verify]
        case .v2Attributes: [.attributes]
        case .v2Enroll: [.enroll, .methodEnroll]
        case .v2Activate: [.activate]
        case .v2Update: [.update]
        case .v2Poll: [.poll]
        default: []
        }
    }

    /// The path under `/{tenant}/`; for a V2 step, its first route's with `{version}` for the API
    /// version (``paths(apiVersion:)`` has them all).
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
        case .authorizeChallenge: HALRoute.authorizeChallengePath
        case .v2SignIn, .v2SignUp, .v2ResetPassword, .v2Challenge, .v2Verify, .v2Attributes, .v2Enroll, .v2Activate, .v2Update, .v2Poll:
            paths(apiVersion: "{version}")[0]
        }
    }

    /// Every path of the endpoint under `/{tenant}/`, the V2 steps' under `api/{apiVersion}/`
    /// (``EmulatorConfiguration/v2APIVersion``), as the router's patterns (`:type`, `:id`).
    func paths(apiVersion: String) -> [String] {
        let routes = routes
        return routes.isEmpty ? [path] : routes.map { "api/\(apiVersion)/\($0.template)" }
    }

    /// The endpoint at `path` under `/{tenant}/`, for the endpoints with a path of their own.
    static let byPath = Dictionary(uniqueKeysWithValues: allCases.filter { $0.routes.isEmpty }.map { ($0.path, $0) })

    /// The V2 step whose route `segments` (after `/{tenant}/api/{apiVersion}/`) match, if any.
    static func step(_ segments: ArraySlice<Substring>) -> ProtocolEndpoint? {
        allCases.first { endpoint in endpoint.routes.contains { $0.matches(segments) } }
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
        case .authorizeChallenge: "authorize-challenge"
        case .v2SignIn: "v2/signin"
        case .v2SignUp: "v2/signup"
        case .v2ResetPassword: "v2/resetpassword"
        case .v2Challenge: "v2/challenge"
        case .v2Verify: "v2/verify"
        case .v2Attributes: "v2/attributes"
        case .v2Enroll: "v2/enroll"
        case .v2Activate: "v2/activate"
        case .v2Update: "v2/update"
        case .v2Poll: "v2/poll"
        }
    }
}
