import Foundation
import Hummingbird
import NativeAuth
import NativeAuthShared

/// The JSON API's answers: a status and a JSON object, never a token or a flow state.
enum SiteReply {
    /// `object` as JSON with `status`.
    static func json(_ object: [(String, JSONValue)], status: HTTPResponse.Status = .ok) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        headers[.cacheControl] = "no-store"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: JSONValue.object(object).serialized())))
    }

    /// An error: `{"error": code, "message": …}` (and `canRetry` when the step can be tried again).
    static func error(_ status: HTTPResponse.Status, _ code: String, _ message: String, canRetry: Bool? = nil) -> Response {
        var object: [(String, JSONValue)] = [("error", .string(code)), ("message", .string(message))]
        if let canRetry { object.append(("canRetry", .bool(canRetry))) }
        return json(object, status: status)
    }

    /// The library's error as the API says it: `wrong_code` and `wrong_password` for the usual
    /// mistakes (the step can be tried again), else the library's code (`invalid_password`: a new
    /// password the policy refused); 400, 410 for a flow the server let expire, or 503 when the
    /// server or the store could not be reached.
    static func failure(_ error: some NativeAuthError, canRetry: Bool) -> Response {
        let code: String = switch error.code {
        case .invalidCode: "wrong_code"
        case .invalidCredentials: "wrong_password"
        default: error.code.rawValue
        }
        let status: HTTPResponse.Status = if error.isServerUnavailable || error.code == .tokenStore { .serviceUnavailable }
            else if error.code == .flowExpired { .gone }
            else { .badRequest }
        return Self.error(status, code, error.errorDescription ?? "\(error.code)", canRetry: canRetry)
    }

    /// `{"next": step, …}`: the flow waits for the user at `step`.
    static func next(_ step: String, sentTo: String? = nil, codeLength: Int? = nil, extra: [(String, JSONValue)] = []) -> Response {
        var object: [(String, JSONValue)] = [("next", .string(step))]
        if let sentTo { object.append(("sentTo", .string(sentTo))) }
        if let codeLength { object.append(("codeLength", .int(codeLength))) }
        return json(object + extra)
    }
}
