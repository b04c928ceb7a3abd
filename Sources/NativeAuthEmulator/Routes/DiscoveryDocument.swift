/// The OpenID Connect discovery document (docs/PROTOCOL.md §12.1), with the tenant GUID in every URL.
/// It lists only what the emulator serves: its endpoints, `response_type=code` with
/// `response_mode=query` or `form_post`, PKCE with S256, and the grants `/token` accepts.
struct DiscoveryDocument: ProtocolAnswer {
    let issuer: String
    let authorizationEndpoint: String
    let tokenEndpoint: String
    let deviceAuthorizationEndpoint: String
    let jwksUri: String
    let responseTypesSupported = ["code"]
    let responseModesSupported = ["query", "form_post"]
    let codeChallengeMethodsSupported = ["S256"]
    let subjectTypesSupported = ["pairwise"]
    let idTokenSigningAlgValuesSupported = ["RS256"]
    let tokenEndpointAuthMethodsSupported = ["none"]
    let grantTypesSupported = ["authorization_code", "urn:ietf:params:oauth:grant-type:device_code",
                               "oob", "password", "mfa_oob", "continuation_token", "refresh_token"]
    let scopesSupported = ["openid", "profile", "email", "offline_access"]
    let claimsSupported = ["aud", "iss", "iat", "nbf", "exp", "sub", "oid", "tid", "preferred_username", "name", "ver", "nonce"]
    let tenantRegionScope = Nullable<String>.null
    /// Says that this is the emulator, not the service.
    let emulator = true

    init(core: EmulatorCore) {
        let tenantBase = "\(core.baseURL)/\(core.tenantId)"
        issuer = core.issuer
        authorizationEndpoint = "\(tenantBase)/oauth2/v2.0/authorize"
        tokenEndpoint = "\(tenantBase)/oauth2/v2.0/token"
        deviceAuthorizationEndpoint = "\(tenantBase)/oauth2/v2.0/devicecode"
        jwksUri = "\(tenantBase)/discovery/v2.0/keys"
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
        case jwksUri = "jwks_uri"
        case responseTypesSupported = "response_types_supported"
        case responseModesSupported = "response_modes_supported"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case subjectTypesSupported = "subject_types_supported"
        case idTokenSigningAlgValuesSupported = "id_token_signing_alg_values_supported"
        case tokenEndpointAuthMethodsSupported = "token_endpoint_auth_methods_supported"
        case grantTypesSupported = "grant_types_supported"
        case scopesSupported = "scopes_supported"
        case claimsSupported = "claims_supported"
        case tenantRegionScope = "tenant_region_scope"
        case emulator
    }
}
