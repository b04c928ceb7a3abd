/// Where a V2 answer's links point (docs/EMULATOR.md "API V2"): the `/api/{version}/…` steps
/// (``HALRoute``) and `authorize-challenge`, under the tenant segment the request used, written in the
/// configured style (``V2HrefStyle``): `/{tenant}/…`, `http://127.0.0.1:PORT/{tenant}/…`, or
/// `{tenant}/…`.
struct V2Hrefs: Sendable {
    /// What comes before `/api/` or `/oauth2/`.
    let prefix: String
    /// The `/api/{version}/` segment.
    let version: String

    /// The hrefs of an answer to a request under `/{tenant}/`.
    init(tenant: String, core: EmulatorCore) {
        switch core.configuration.v2HrefStyle {
        case .relative: prefix = "/" + tenant
        case .absolute: prefix = core.baseURL + "/" + tenant
        case .templated: prefix = "{tenant}"
        }
        version = core.configuration.v2APIVersion
    }

    /// The link to `route`, for the method `type`/`id` where the route names one.
    func link(_ route: HALRoute, type: String = "", id: String = "") -> HALLink {
        HALLink(href: "\(prefix)/api/\(version)/\(route.path(type: type, id: id))")
    }

    /// `authorize-challenge`: where a finished journey resumes (`continue`).
    var authorizeChallenge: HALLink {
        HALLink(href: "\(prefix)/\(HALRoute.authorizeChallengePath)")
    }

    /// The links of the entry answer.
    var journeys: JourneyLinks {
        JourneyLinks(signIn: link(.signIn).href, signUp: link(.signUp).href, resetPassword: link(.resetPassword).href)
    }
}
