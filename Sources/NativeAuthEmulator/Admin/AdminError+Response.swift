import Hummingbird

/// An admin API error answers itself: `{"error", "error_description"}` with its status (`error` is
/// `not_found`, `invalid_token`, `access_denied`, `server_error` for the emulator's own failure (a 5xx:
/// its database unreachable), or `invalid_request`), and its challenge.
extension AdminError: HTTPResponseError {
    var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    /// The body.
    private struct Body: Encodable {
        let error: String
        let errorDescription: String

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let error = switch statusCode {
        case 404: "not_found"
        case 401: "invalid_token"
        case 403: "access_denied"
        case 500...: "server_error"
        default: "invalid_request"
        }
        var response = try context.responseEncoder.encode(Body(error: error, errorDescription: message), from: request, context: context)
        response.status = status
        if let challenge { response.headers[.wwwAuthenticate] = challenge }
        return response
    }
}
