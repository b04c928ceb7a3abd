import Foundation
import NativeAuth
import NativeAuthTestSupport
import Synchronization

/// A scripted password-reset server for unit tests: `/start` and `/challenge` answer as the service
/// does, `/continue` accepts the code, `/token` issues tokens; `/submit`, `/poll_completion` and a
/// resend answer what the test says.
enum ResetPasswordMockServer {
    /// What an endpoint answers (status and body); a poll also gets its number, counting from 1.
    typealias Answer = (Int, String)

    static let otpBlock = """
        {"continuation_token":"CT2-mock","challenge_type":"oob","binding_method":"prompt",
         "challenge_channel":"email","challenge_target_label":"u***r@e*****e.com","code_length":8}
        """

    static func transport(
        resend: Answer? = nil,
        continue proceed: Answer = (200, #"{"continuation_token":"CT3-mock","expires_in":600}"#),
        submit: Answer = (200, #"{"continuation_token":"CT4-mock","poll_interval":2}"#),
        poll: @escaping @Sendable (_ number: Int) -> Answer = { _ in (200, #"{"status":"succeeded","continuation_token":"CT5-mock"}"#) }
    ) -> ScriptedTransport {
        let polls = Mutex(0)
        return ScriptedTransport { request, form in
            let answer: Answer
            switch request.url.path {
            case let path where path.hasSuffix("/resetpassword/v1.0/start"):
                answer = (200, #"{"continuation_token":"CT1-mock"}"#)
            case let path where path.hasSuffix("/resetpassword/v1.0/challenge"):
                answer = form["continuation_token"] == "CT2-mock" ? resend ?? (200, otpBlock) : (200, otpBlock)
            case let path where path.hasSuffix("/resetpassword/v1.0/continue"):
                answer = proceed
            case let path where path.hasSuffix("/resetpassword/v1.0/submit"):
                answer = submit
            case let path where path.hasSuffix("/resetpassword/v1.0/poll_completion"):
                answer = poll(polls.withLock { $0 += 1; return $0 })
            case let path where path.hasSuffix("/oauth2/v2.0/token"):
                answer = (200, FakeTokens.tokenResponse(accessToken: "fake-access-0", refreshToken: "fake-refresh-0", expiresIn: 3600))
            default:
                return HTTPResponse(status: 404)
            }
            return ScriptedTransport.json(answer.0, answer.1)
        }
    }
}
