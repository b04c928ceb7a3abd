import HTTPTypes
import Hummingbird

/// How the emulator's answers are encoded (Hummingbird's `ResponseEncoder`, the request context's
/// `responseEncoder`): ``JSONText`` with `Content-Type: application/json` and `Cache-Control: no-store`
/// (answers carry tokens), status 200 unless the caller sets another (an error's).
struct EmulatorJSONEncoder: ResponseEncoder {
    func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        Self.response(json: ByteBuffer(bytes: try JSONText.data(value)))
    }

    /// A JSON answer whose text is already written (the admin API's pretty export, a fault's body).
    static func response(json: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
        var fields = HTTPFields()
        fields[.contentType] = "application/json"
        fields[.cacheControl] = "no-store"
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: json))
    }
}
