import HTTPTypes
import Hummingbird

/// An answer of the emulator's Graph `/v1.0/me` that is not the user: Graph's error body,
/// `{"error":{"code","message","innerError":{"date","request-id","client-request-id"}}}`, with its
/// `request-id` header and, for a refused token, its `WWW-Authenticate` challenge.
struct GraphError: HTTPResponseError {
    /// The body.
    struct Body: Encodable, Sendable {
        struct Detail: Encodable, Sendable {
            struct InnerError: Encodable, Sendable {
                let date: String
                let requestId: String
                let clientRequestId: String

                enum CodingKeys: String, CodingKey {
                    case date
                    case requestId = "request-id"
                    case clientRequestId = "client-request-id"
                }
            }

            let code: String
            let message: String
            let innerError: InnerError
        }

        let error: Detail
    }

    let status: HTTPResponse.Status
    let body: Body
    /// The `request-id` header: the same as the body's.
    let requestId: String
    /// The `WWW-Authenticate` header, for a refused token.
    var challenge: String?

    /// Graph's error `code` with `message`, at `date`, for the request `requestId` of the client's `clientRequestId`.
    init(_ status: HTTPResponse.Status, code: String, message: String, date: String, requestId: String, clientRequestId: String,
         challenge: String? = nil) {
        self.status = status
        self.body = Body(error: .init(code: code, message: message,
                                      innerError: .init(date: date, requestId: requestId, clientRequestId: clientRequestId)))
        self.requestId = requestId
        self.challenge = challenge
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(body, from: request, context: context)
        response.status = status
        response.headers[.graphRequestId] = requestId
        if let challenge { response.headers[.wwwAuthenticate] = challenge }
        return response
    }
}

extension HTTPField.Name {
    /// Graph's `request-id`: its own ID of the request, echoed in error bodies.
    static let graphRequestId = HTTPField.Name("request-id")!
}
