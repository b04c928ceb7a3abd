import Foundation
import Hummingbird
import NIOCore

// Beside AdminRequests.swift, which stays Foundation's alone: the admin fuzz target compiles it
// without Hummingbird (fuzz/build.sh).
extension AdminRequests {
    /// The body of `request`, at most `limit` bytes: a larger one is 413, one that cannot be read 400.
    static func body(of request: Request, limit: Int = maximumBodySize) async throws(AdminError) -> Data {
        do {
            return Data(try await request.body.collect(upTo: limit).readableBytesView)
        } catch is NIOTooManyBytesError {
            throw AdminError(status: 413, message: "the body is over \(limit >> 20) MiB")
        } catch {
            throw AdminError(status: 400, message: "the body could not be read: \(error)")
        }
    }
}
