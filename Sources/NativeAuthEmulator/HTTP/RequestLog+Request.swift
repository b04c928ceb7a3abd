import Hummingbird

extension RequestLog {
    /// Records `request` (its form's secret values redacted) and the status it was answered with.
    func record(_ request: Request, form: FormBody?, status: Int, clientRequestId: String, fault: Bool = false, time: Double) {
        append(RequestLogEntry(
            time: time, method: request.method.rawValue, path: request.uri.path,
            fields: Self.redact(form), status: status, clientRequestId: clientRequestId, fault: fault))
    }
}
