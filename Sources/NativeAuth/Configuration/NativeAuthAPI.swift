/// Which version of Microsoft's native-authentication API the library speaks to the server.
///
/// The app's code is the same for both: ``NativeAuthPublicClientApplication/signIn(parameters:)``,
/// ``NativeAuthPublicClientApplication/signUp(parameters:)`` and
/// ``NativeAuthPublicClientApplication/resetPassword(parameters:)`` return the same results, and
/// the same states take the codes, passwords and attributes. Only the requests differ.
///
/// ```swift
/// let config = try NativeAuthPublicClientApplicationConfig(
///     clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB, .password])
/// config.api = .v2
/// let app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
/// ```
///
/// V2 is in public preview (V1 stays generally available), so ``v1`` is the default. See
/// <doc:MigratingFromMSAL> for what V2 changes.
public enum NativeAuthAPI: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The generally available API: a fixed endpoint per step (`/oauth2/v2.0/initiate`,
    /// `/signup/v1.0/start`, `/resetpassword/v1.0/start`, …), form requests, `challenge_type` lists.
    case v1
    /// The preview API: an OAuth authorization challenge (`/oauth2/v2.0/authorize-challenge`), then
    /// JSON requests to the links the server returns (each resolved on the configured authority
    /// before anything is sent), an authorization code exchanged at `/oauth2/v2.0/token` at the end.
    case v2

    public var description: String { rawValue }
}

extension NativeAuthAPI {
    /// `v1` or `v2`, as this API is: how each feature chooses its steps on the wire, once
    /// (`ApplicationEnvironment.signIn`, …).
    func choose<Steps>(v1: Steps, v2: Steps) -> Steps {
        switch self {
        case .v1: v1
        case .v2: v2
        }
    }
}
