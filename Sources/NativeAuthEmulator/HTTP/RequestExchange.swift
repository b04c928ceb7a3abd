import Foundation
import Hummingbird

/// What the emulator's middlewares settle about one request for those that come after them and for
/// the handlers, carried in the request context (``EmulatorRequestContext/exchange``): what the path
/// names, the correlation ID every answer echoes, the clock its answers are stamped with, and its
/// entry in the request log while it is written. ``ExchangeMiddleware`` opens it.
struct RequestExchange: Sendable {
    /// What the request's path names.
    var target: RequestTarget = .unknown
    /// The `client-request-id` the client sent, or one made for it: echoed by every answer, and the
    /// `correlation_id` of error bodies.
    var clientRequestId = ""
    /// The emulator's clock, for the time in error bodies; nil (real time) until the exchange is opened.
    var clock: VirtualClock?
    /// The request's notes for the request log; nil for a request the log does not record (the admin API's).
    var logNotes: RequestLogNotes?
    /// Why the admin API's `?tenant=` names no tenant this instance can serve (404: none has that
    /// name; 500: the database could not say): set by ``TenantDispatch``, which then hands the request
    /// to the demo tenant's router, and answered there after the admin gate (``AdminTenantCheck``), so
    /// that nothing acts on the demo tenant in its place.
    var tenantFailure: TenantFailure?

    /// An admin request's `?tenant=` that cannot be served: the status to answer and why.
    struct TenantFailure: Error, Sendable {
        var status: Int
        var message: String
    }

    /// Seconds since 1970 on the emulator's clock.
    func now() -> Double {
        clock?.now() ?? Date().timeIntervalSince1970
    }
}

extension RequestExchange {
    /// The exchange of `context`; for a context that is not the emulator's (none in practice), one
    /// made for `request` alone.
    static func of(_ context: some RequestContext, request: Request) -> RequestExchange {
        (context as? any EmulatorRequestContext)?.exchange ?? RequestExchange(clientRequestId: request.clientRequestId())
    }
}
