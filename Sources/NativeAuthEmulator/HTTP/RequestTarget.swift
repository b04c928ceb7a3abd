/// What a request's path names, whatever its method: a protocol endpoint or a browser page under a
/// tenant, Graph's `/v1.0/me`, the admin API, or nothing the emulator serves.
///
/// The router matches a path and a method together and answers a wrong method as an unknown path;
/// the middlewares that come before the routes (the fault queue, the tenant check, the admin gate,
/// the request log, the answer to a wrong method) need to know what a path names even then. It
/// reads the path as the router does (segments between slashes, empty ones skipped), and a path
/// under a tenant first, as the router's `/:tenant/…` routes take any first segment.
enum RequestTarget: Sendable, Equatable {
    /// A protocol endpoint (``ProtocolEndpoint``) under `tenant`.
    case endpoint(ProtocolEndpoint, tenant: String)
    /// A browser page (``WebPage``) under `tenant`.
    case page(WebPage, tenant: String)
    /// Graph's `/v1.0/me`.
    case graphMe
    /// `/_emulator` and below, when the emulator serves its admin API.
    case admin
    /// Nothing the emulator serves.
    case unknown

    /// What `path` names; `adminAPI` says whether the emulator serves `/_emulator`, `apiVersion`
    /// is the version segment of the V2 steps (`/{tenant}/api/{apiVersion}/…`).
    init(path: String, adminAPI: Bool, apiVersion: String) {
        let segments = path.split(separator: "/")
        if segments.count > 1 {
            let tenant = String(segments[0])
            if segments.count > 3, segments[1] == "api", segments[2] == apiVersion, let step = ProtocolEndpoint.step(segments.dropFirst(3)) {
                self = .endpoint(step, tenant: tenant)
                return
            }
            let rest = segments.dropFirst().joined(separator: "/")
            if let endpoint = ProtocolEndpoint.byPath[rest] {
                self = .endpoint(endpoint, tenant: tenant)
                return
            }
            if let page = WebPage.byPath[rest] {
                self = .page(page, tenant: tenant)
                return
            }
        }
        if adminAPI, segments.first == "_emulator" {
            self = .admin
        } else if segments == ["v1.0", "me"] {
            self = .graphMe
        } else {
            self = .unknown
        }
    }

    /// The tenant the path names, for a protocol endpoint or a page.
    var tenant: String? {
        switch self {
        case .endpoint(_, let tenant), .page(_, let tenant): tenant
        case .graphMe, .admin, .unknown: nil
        }
    }
}
