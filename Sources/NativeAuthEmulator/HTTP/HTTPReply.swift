import HTTPTypes
import Hummingbird
import NativeAuthShared

/// A JSON response under construction.
struct HTTPReply: Sendable {
    var status: Int
    var body: String
    var headers: [(String, String)] = []

    static func json(_ value: JSONValue, status: Int = 200) -> HTTPReply {
        HTTPReply(status: status, body: value.serialized())
    }

    /// The Hummingbird response: JSON content type, the echoed `client-request-id`, no caching.
    func response(clientRequestId: String) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        fields[HTTPField.Name.clientRequestId] = clientRequestId
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields[fieldName] = value }
        }
        let buffer = ByteBuffer(string: body)
        return Response(status: HTTPResponse.Status(code: status), headers: fields, body: ResponseBody(byteBuffer: buffer))
    }
}

extension HTTPField.Name {
    /// `client-request-id`: the correlation ID clients send and the service echoes.
    static let clientRequestId = HTTPField.Name("client-request-id")!
}
