import Hummingbird
import Synchronization

/// A session that could not be read (PostgreSQL down) answers 503, never "no session":
/// Hummingbird's `SessionMiddleware` takes a failed read for a missing session, so that a sign-out
/// would answer `{"signedOut":true}` and leave the session and the tokens in place, and "me" would
/// say "Sign in first" to someone signed in.
///
/// ``Watching`` (before `SessionMiddleware`) gives the request a place where
/// ``PostgresSessionDriver`` notes a failed read, and answers 503 `store_unavailable` (a JSON answer,
/// with the security headers) when the session could not be written after the route ran;
/// ``Checking`` (after it) answers 503 `store_unavailable` when a read failed, before any route runs.
enum SessionLoadCheck {
    /// The failure noted for the request being served, if any.
    private final class Note: Sendable {
        let failure = Mutex<String?>(nil)
    }

    @TaskLocal private static var current: Note?

    /// Notes that the session of the request being served could not be read.
    static func noteFailure(_ error: any Error) {
        current?.failure.withLock { $0 = "\(error)" }
    }

    /// Gives each request a place for a failed read of its session, and answers a failed write.
    struct Watching<Context: RequestContext>: RouterMiddleware {
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            do {
                return try await SessionLoadCheck.$current.withValue(Note()) {
                    try await next(request, context)
                }
            } catch let error as any HTTPResponseError {
                throw error
            } catch {
                // What the route did stands (a code may have been sent); the session that would record it does not.
                context.logger.warning("a session could not be written", metadata: ["error": "\(error)"])
                return SiteReply.error(.serviceUnavailable, "store_unavailable", "The session cannot be kept now: try again.")
            }
        }
    }

    /// Answers 503 when the request's session could not be read.
    struct Checking<Context: RequestContext>: RouterMiddleware {
        func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
            if let failure = SessionLoadCheck.current?.failure.withLock({ $0 }) {
                context.logger.warning("a session could not be read", metadata: ["error": "\(failure)"])
                return SiteReply.error(.serviceUnavailable, "store_unavailable", "The session cannot be read now: try again.")
            }
            return try await next(request, context)
        }
    }
}
