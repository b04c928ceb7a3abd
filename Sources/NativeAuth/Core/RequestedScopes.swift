/// How the library treats scopes: the OpenID scopes it always asks for, and the resource scopes
/// that tell one access token from another.
enum RequestedScopes {
    /// Always requested: an ID token, a refresh token and the user's profile claims.
    static let openID = ["openid", "profile", "offline_access"]
    private static let openIDAndEmail: Set<String> = ["openid", "profile", "offline_access", "email"]

    /// The scopes sent on `/token`: the app's, then `openid profile offline_access`, without repeats.
    static func merged(_ requested: [String]?) -> [String] {
        var result: [String] = []
        for scope in (requested ?? []) + openID where !scope.isEmpty && !result.contains(scope) {
            result.append(scope)
        }
        return result
    }

    /// The scopes that name a resource (an API), without the OpenID ones.
    static func resource(_ scopes: [String]) -> Set<String> {
        Set(scopes.filter { !$0.isEmpty && !openIDAndEmail.contains($0.lowercased()) })
    }
}
