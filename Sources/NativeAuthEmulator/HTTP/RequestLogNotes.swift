/// What the handling of one request tells the request log beyond its method, path and status (which
/// ``RequestLogMiddleware`` reads itself): the form it read, and whether a queued fault answered it
/// or dropped its connection. One per logged request, in its ``RequestExchange``.
final class RequestLogNotes: Sendable {
    private struct Notes {
        var form: FormBody?
        var fault = false
        var droppedConnection = false
    }

    private let notes = Locked(Notes())

    /// The form the request carried, once a handler read it (its secret values are redacted in the log).
    var form: FormBody? { notes.withLock { $0.form } }
    /// Whether a queued fault answered the request.
    var fault: Bool { notes.withLock { $0.fault } }
    /// Whether a queued fault closed the connection instead of answering (logged with status 0).
    var droppedConnection: Bool { notes.withLock { $0.droppedConnection } }

    func noteForm(_ form: FormBody) {
        notes.withLock { $0.form = form }
    }

    /// A queued fault answered the request, or (`droppedConnection`) closed its connection.
    func noteFault(droppedConnection: Bool = false) {
        notes.withLock {
            $0.fault = true
            $0.droppedConnection = droppedConnection
        }
    }
}
