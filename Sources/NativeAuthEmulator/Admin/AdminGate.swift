import Foundation
import Hummingbird

/// Lets a request through to the admin API (``RequestTarget/admin``) only from a loopback peer that
/// carries the admin token as `Authorization: Bearer TOKEN`; answers others 403 or 401. It comes
/// before the routes, so an unknown admin path is refused the same way before it is a 404.
struct AdminGate<Context: EmulatorRequestContext>: RouterMiddleware {
    let token: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.exchange.target == .admin else { return try await next(request, context) }
        guard context.peerIsLoopback else {
            throw AdminError(status: 403, message: "the emulator's admin API only answers loopback peers")
        }
        guard Self.isAuthorized(request, token: token) else {
            throw AdminError(status: 401, message: "the admin API needs the emulator's admin token: Authorization: Bearer TOKEN "
                + "(printed by `nativeauth emulator` at start, and in the file admin-token of its state folder)",
                challenge: #"Bearer realm="nativeauth-emulator""#)
        }
        return try await next(request, context)
    }

    /// Whether the request carries `Authorization: Bearer TOKEN` (compared in constant time).
    static func isAuthorized(_ request: Request, token: String) -> Bool {
        guard let header = request.headers[.authorization] else { return false }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].caseInsensitiveCompare("Bearer") == .orderedSame else { return false }
        return Secrets.constantTimeEquals(parts[1].trimmingCharacters(in: .whitespaces), token)
    }
}
