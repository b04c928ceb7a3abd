/// A page the emulator serves to browsers under `/{tenant}/`.
enum WebPage: Sendable, CaseIterable {
    /// `oauth2/v2.0/authorize`: GET starts a sign-in, POST answers a step.
    case authorize
    /// `oauth2/deviceauth`: the device-code verification page.
    case deviceVerification

    /// The path under `/{tenant}/`.
    var path: String {
        switch self {
        case .authorize: "oauth2/v2.0/authorize"
        case .deviceVerification: DeviceCodeService.verificationPage
        }
    }

    /// The page at `path` under `/{tenant}/`.
    static let byPath = Dictionary(uniqueKeysWithValues: allCases.map { ($0.path, $0) })

    /// The page's full path under `tenant` (where its forms post to).
    func path(tenant: String) -> String {
        "/\(tenant)/" + path
    }
}
