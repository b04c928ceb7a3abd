import Foundation
import HTTPTypes
import Hummingbird

/// Reads the `application/x-www-form-urlencoded` body of a protocol request or a page's form post.
enum FormReader {
    /// Largest request body accepted.
    static let maxBodySize = 64 * 1024

    /// The body of `request`, whose content type must be `mediaType`, at most ``maxBodySize`` bytes;
    /// else a malformed request (V2's JSON steps read theirs with it too, ``HALBodyReader``).
    static func body(of request: Request, as mediaType: String) async throws(ProtocolError) -> ByteBuffer {
        let contentType = request.headers[.contentType]?.lowercased() ?? ""
        let sent = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        guard sent == mediaType else {
            throw ProtocolError.malformedRequest("the Content-Type must be \(mediaType), not '\(contentType)'.")
        }
        do {
            return try await request.body.collect(upTo: maxBodySize)
        } catch {
            throw ProtocolError.malformedRequest("the body could not be read or is larger than \(maxBodySize) bytes.")
        }
    }

    /// Reads and parses a form body, and notes it for the request log; content type and encoding
    /// problems are protocol errors.
    static func read(_ request: Request, context: some EmulatorRequestContext) async throws(ProtocolError) -> FormBody {
        let form = try await read(request)
        context.exchange.logNotes?.noteForm(form)
        return form
    }

    private static func read(_ request: Request) async throws(ProtocolError) -> FormBody {
        let buffer = try await body(of: request, as: "application/x-www-form-urlencoded")
        do {
            return try FormBody(parsing: Array(buffer.readableBytesView))
        } catch {
            throw ProtocolError.malformedRequest("\(error).")
        }
    }
}
