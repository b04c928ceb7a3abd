import NativeAuthShared

/// The OpenID Connect discovery document (docs/PROTOCOL.md §12.1), with the tenant GUID in every URL.
/// It lists only what the emulator serves: its endpoints, `response_type=code` with
/// `response_mode=query`, PKCE with S256, and the grants `/token` accepts.
struct DiscoveryDocument: Sendable {
    let core: EmulatorCore

    var openIDConfiguration: JSONValue {
        let tenantBase = "\(core.baseURL)/\(core.tenantId)"
        return .object([
            ("issuer", .string(core.issuer)),
            ("authorization_endpoint", .string("\(tenantBase)/oauth2/v2.0/authorize")),
            ("token_endpoint", .string("\(tenantBase)/oauth2/v2.0/token")),
            ("device_authorization_endpoint", .string("\(tenantBase)/oauth2/v2.0/devicecode")),
            ("jwks_uri", .string("\(tenantBase)/discovery/v2.0/keys")),
            ("response_types_supported", .array(["code"])),
            ("response_modes_supported", .array(["query"])),
            ("code_challenge_methods_supported", .array(["S256"])),
            ("subject_types_supported", .array(["pairwise"])),
            ("id_token_signing_alg_values_supported", .array(["RS256"])),
            ("token_endpoint_auth_methods_supported", .array(["none"])),
            ("grant_types_supported", .array(["authorization_code", "urn:ietf:params:oauth:grant-type:device_code",
                                              "oob", "password", "mfa_oob", "continuation_token", "refresh_token"])),
            ("scopes_supported", .array(["openid", "profile", "email", "offline_access"])),
            ("claims_supported", .array(["aud", "iss", "iat", "nbf", "exp", "sub", "oid", "tid", "preferred_username", "name", "ver", "nonce"])),
            ("tenant_region_scope", .null),
            ("emulator", true),
        ])
    }
}
