import NativeAuthShared

/// The OpenID Connect discovery document (docs/PROTOCOL.md §12.1), with the tenant GUID in every URL.
struct DiscoveryDocument: Sendable {
    let core: EmulatorCore

    var openIDConfiguration: JSONValue {
        let tenantBase = "\(core.baseURL)/\(core.tenantId)"
        return .object([
            ("issuer", .string(core.issuer)),
            ("authorization_endpoint", .string("\(tenantBase)/oauth2/v2.0/authorize")),
            ("token_endpoint", .string("\(tenantBase)/oauth2/v2.0/token")),
            ("jwks_uri", .string("\(tenantBase)/discovery/v2.0/keys")),
            ("response_types_supported", .array(["code", "id_token", "code id_token", "id_token token"])),
            ("response_modes_supported", .array(["query", "fragment", "form_post"])),
            ("subject_types_supported", .array(["pairwise"])),
            ("id_token_signing_alg_values_supported", .array(["RS256"])),
            ("token_endpoint_auth_methods_supported", .array(["none"])),
            ("grant_types_supported", .array(["oob", "password", "continuation_token", "refresh_token"])),
            ("scopes_supported", .array(["openid", "profile", "email", "offline_access"])),
            ("claims_supported", .array(["aud", "iss", "iat", "nbf", "exp", "sub", "oid", "tid", "preferred_username", "name", "ver"])),
            ("tenant_region_scope", .null),
            ("emulator", true),
        ])
    }
}
