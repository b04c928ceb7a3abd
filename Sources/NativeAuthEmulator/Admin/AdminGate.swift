import Foundation
import Hummingbird
import NativeAuthShared

/// Lets a request through to the admin API (``RequestTarget/admin``) only from a peer it may answer
/// that carries the admin token as `Authorization: Bearer TOKEN`; answers others 403 or 401. Loopback
/// peers may always ask; other machines only when the emulator listens beyond loopback (`--listen`)
/// over HTTPS (`--tls`), so that the token never crosses a network in clear. The console
/// (`/_emulator/console`) also takes its sign-in cookie (``ConsoleSession``), and sends a browser
/// without one to its login page. It comes before the routes, so an unknown admin path is refused
/// the same way before it is a 404.
struct AdminGate<Context: EmulatorRequestContext>: RouterMiddleware {
    let token: String
    /// Whether other machines may use the admin API (an address beyond loopback, and TLS).
    let answersOtherMachines: Bool

    init(token: String, configuration: EmulatorConfiguration) {
        self.token = token
        answersOtherMachines = configuration.tls && !LoopbackHost.isLoopback(configuration.host)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard context.exchange.target == .admin else { return try await next(request, context) }
        guard context.peerIsLoopback || answersOtherMachines else {
            throw AdminError(status: 403, message: "the emulator's admin API answers other machines only over HTTPS "
                + "(nativeauth emulator --listen ADDRESS --tls); this one answers loopback peers only")
        }
        if ConsoleSession.isConsole(request.uri.path) {
            // The console: its login page for anyone who may reach the admin API, the rest for a
            // signed-in browser (or the token); a browser that is not is sent to the login page.
            if request.uri.path == ConsoleSession.loginPath
                || ConsoleSession.isSignedIn(request, token: token) || Self.isAuthorized(request, token: token) {
                return try await next(request, context)
            }
            if request.method == .get { return Response(status: .seeOther, headers: [.location: ConsoleSession.loginPath]) }
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
