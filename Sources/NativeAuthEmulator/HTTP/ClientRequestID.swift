import Foundation
import HTTPTypes
import Hummingbird

extension Request {
    /// The `client-request-id` the client sent, or a new one: the value every answer echoes.
    func clientRequestId() -> String {
        headers[.clientRequestId].flatMap { $0.isEmpty ? nil : $0 } ?? UUID().uuidString.lowercased()
    }
}

extension HTTPField.Name {
    /// `client-request-id`: the correlation ID clients send and the service echoes.
    static let clientRequestId = HTTPField.Name("client-request-id")!
}
