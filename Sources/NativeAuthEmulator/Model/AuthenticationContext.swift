import Foundation
import NativeAuthShared

/// A Conditional Access authentication context of the tenant, from the seed file's
/// `authenticationContexts` (docs/EMULATOR.md "Authentication contexts"):
///
/// ```json
/// {"authenticationContexts": [{"id": "c1", "secondFactor": true, "requiredByGraph": true}]}
/// ```
///
/// A claims request for `acrs` (``RequestedClaims``) names contexts; the access token then carries
/// them in its `acrs` claim. A context with `secondFactor` is tied by policy to multi-factor
/// authentication: a sign-in asking for it must do a second factor (or register one), and a refresh
/// asking for it is refused (AADSTS50076) unless its session did one. A context with
/// `requiredByGraph` makes the emulator's `/v1.0/me` answer a claims challenge to a token without it,
/// as Microsoft Graph does for a resource protected by an authentication context.
struct AuthenticationContext: Codable, Sendable, Equatable {
    /// The context's id, as Entra names them: `c1` to `c99`.
    var id: String
    /// Conditional Access ties this context to a second factor.
    var secondFactor: Bool?
    /// The emulator's Graph-shaped `/v1.0/me` wants tokens that carry this context.
    var requiredByGraph: Bool?

    /// At most this many contexts in a seed (Entra offers c1 to c99).
    static let maximumCount = 99

    /// Checks a seed file's contexts.
    static func validate(_ contexts: [AuthenticationContext]) throws(SeedFile.Invalid) {
        guard contexts.count <= maximumCount else {
            throw SeedFile.Invalid(description: "authenticationContexts has over \(maximumCount) contexts")
        }
        var seen = Set<String>()
        for context in contexts {
            guard RequestedClaims.isContextId(context.id) else {
                throw SeedFile.Invalid(description: "authenticationContexts: '\(context.id.prefix(40))' is not an id from c1 to c99")
            }
            guard seen.insert(context.id).inserted else {
                throw SeedFile.Invalid(description: "authenticationContexts names '\(context.id)' twice")
            }
        }
    }
}

extension [AuthenticationContext] {
    /// Whether any of `ids` is tied to a second factor.
    func demandSecondFactor(_ ids: [String]) -> Bool {
        contains { $0.secondFactor == true && ids.contains($0.id) }
    }

    /// The contexts `/v1.0/me` wants a token to carry.
    var requiredByGraph: [String] {
        filter { $0.requiredByGraph == true }.map(\.id)
    }
}
