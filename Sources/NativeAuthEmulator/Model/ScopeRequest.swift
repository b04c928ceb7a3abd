/// A validated `scope` parameter: OIDC scopes plus scopes of at most one resource.
struct ScopeRequest: Sendable, Equatable {
    static let oidcScopes: Set<String> = ["openid", "profile", "email", "offline_access"]
    static let graphResource = "https://graph.microsoft.com"

    /// Every requested scope, in request order, without duplicates.
    let scopes: [String]
    /// The resource the non-OIDC scopes belong to, if any (the access token's `aud`).
    let resource: String?
    /// The non-OIDC scopes without their resource prefix (the access token's `scp`).
    let permissions: [String]

    var wantsIdToken: Bool { scopes.contains("openid") }
    var wantsRefreshToken: Bool { scopes.contains("offline_access") }

    init(parsing raw: String) throws(ProtocolError) {
        var scopes: [String] = []
        for item in raw.split(separator: " ").map(String.init) where !scopes.contains(item) {
            scopes.append(item)
        }
        guard !scopes.isEmpty else { throw ProtocolError.missingParameter("scope") }
        var resource: String?
        var permissions: [String] = []
        for scope in scopes where !Self.oidcScopes.contains(scope) {
            let (owner, permission) = Self.split(scope)
            guard !permission.isEmpty, !owner.isEmpty else {
                throw ProtocolError.invalidScope("The scope '\(scope)' is malformed.")
            }
            if let resource, resource != owner {
                throw ProtocolError.invalidScope("Scopes must belong to one resource, but '\(resource)' and '\(owner)' were both requested.")
            }
            resource = owner
            permissions.append(permission)
        }
        self.scopes = scopes
        self.resource = resource
        self.permissions = permissions
    }

    /// `api://app/Data.Read` → (`api://app`, `Data.Read`); a bare `User.Read` belongs to Microsoft Graph.
    private static func split(_ scope: String) -> (String, String) {
        guard let slash = scope.lastIndex(of: "/") else { return (graphResource, scope) }
        var owner = String(scope[..<slash])
        if owner.hasSuffix("/") && !owner.hasSuffix("//") { owner.removeLast() }
        return (owner, String(scope[scope.index(after: slash)...]))
    }
}
