import Foundation
import Hummingbird

/// Reads the JSON body of a V2 step (``HALRequestBody``), as ``FormReader`` reads V1's forms: the
/// content type must be `application/json`, the body at most ``FormReader/maxBodySize`` bytes and a
/// JSON object; any other is a malformed request (in V2's nested envelope). Its members are noted for
/// the request log, secret values redacted there.
enum HALBodyReader {
    static func read(_ request: Request, context: some EmulatorRequestContext) async throws(ProtocolError) -> HALRequestBody {
        let buffer = try await FormReader.body(of: request, as: "application/json")
        let body: HALRequestBody
        do {
            body = try HALRequestBody(parsing: Data(buffer.readableBytesView))
        } catch {
            throw ProtocolError.malformedRequest("\(error).")
        }
        context.exchange.logNotes?.noteForm(FormBody(fields: body.fields))
        return body
    }
}
