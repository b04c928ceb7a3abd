import Foundation
import NativeAuth
import NativeAuthTestSupport

/// A scripted sign-up server for unit tests: `/signup/v1.0/start` and `/signup/v1.0/challenge`
/// answer as the service does, `/oauth2/v2.0/token` issues tokens; `/signup/v1.0/continue` and a
/// resend answer what the test says.
enum SignUpMockServer {
    /// What `/signup/v1.0/continue` answers (status and body), given the form.
    typealias Continue = @Sendable (_ form: [String: String]) -> (Int, String)

    static let otpBlock = """
        {"continuation_token":"CT2-mock","challenge_type":"oob","binding_method":"prompt",
         "challenge_channel":"email","challenge_target_label":"u***r@e*****e.com","code_length":8}
        """

    /// `resend` is what a second `/signup/v1.0/challenge` answers (status and body).
    static func transport(resend: (Int, String)? = nil, continue answer: @escaping Continue = { _ in (200, #"{"continuation_token":"CT3-mock"}"#) })
        -> ScriptedTransport
    {
        ScriptedTransport { request, form in
            switch request.url.path {
            case let path where path.hasSuffix("/signup/v1.0/start"):
                return ScriptedTransport.json(200, #"{"continuation_token":"CT1-mock"}"#)
            case let path where path.hasSuffix("/signup/v1.0/challenge"):
                if form["continuation_token"] == "CT2-mock", let resend { return ScriptedTransport.json(resend.0, resend.1) }
                return ScriptedTransport.json(200, otpBlock)
            case let path where path.hasSuffix("/signup/v1.0/continue"):
                let (status, body) = answer(form)
                return ScriptedTransport.json(status, body)
            case let path where path.hasSuffix("/oauth2/v2.0/token"):
                return ScriptedTransport.json(200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: 3600))
            default:
                return HTTPResponse(status: 404)
            }
        }
    }
}
