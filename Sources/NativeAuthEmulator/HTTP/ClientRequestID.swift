import Foundation
import HTTPTypes
import Hummingbird

extension Request {
    /// The `client-request-id` the client sent, or a new one: the value every answer echoes.
    func clientRequestId() -> String {
        headers[.clientRequestId].flatMap { $0.isEmpty ? nil : $0 } ?? UUID().uuidString.lowercased()
    }
}
