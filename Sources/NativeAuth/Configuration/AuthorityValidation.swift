#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Checks and normalises the configuration the initializers receive.
enum AuthorityValidation {
    /// The authority of a tenant subdomain: `https://{sub}.ciamlogin.com/{sub}.onmicrosoft.com`.
    static func authority(tenantSubdomain: String) throws -> URL {
        let subdomain = tenantSubdomain.trimmed(.whitespaces).lowercased()
        let label = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/
        guard subdomain.wholeMatch(of: label) != nil else {
            throw NativeAuthConfigurationError(
                "The tenant subdomain '\(tenantSubdomain)' is not valid: give the first label of the tenant's "
                    + "domain, such as 'contoso' for contoso.onmicrosoft.com.")
        }
        return URL(string: "https://\(subdomain).ciamlogin.com/\(subdomain).onmicrosoft.com")!
    }

    /// Checks an explicit authority: https anywhere, http only on loopback; no query or fragment.
    static func validate(authority: URL) throws -> URL {
        guard let scheme = authority.scheme?.lowercased(), let host = authority.host, !host.isEmpty else {
            throw NativeAuthConfigurationError(
                "The authority '\(authority.absoluteString)' is not an absolute URL such as "
                    + "https://contoso.ciamlogin.com/contoso.onmicrosoft.com.")
        }
        switch scheme {
        case "https":
            break
        case "http":
            guard isLoopback(host: host) else {
                throw NativeAuthConfigurationError(
                    "The authority '\(authority.absoluteString)' uses http:// on a host that is not loopback. "
                        + "Passwords and codes would travel unencrypted; use https://, or http:// only for "
                        + "127.0.0.1, ::1 or localhost (such as a local emulator).")
            }
        default:
            throw NativeAuthConfigurationError(
                "The authority '\(authority.absoluteString)' must use https:// (or http:// on loopback).")
        }
        if authority.query != nil || authority.fragment != nil {
            throw NativeAuthConfigurationError(
                "The authority '\(authority.absoluteString)' must not have a query or fragment.")
        }
        var text = authority.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return ciamTenantPath(URL(string: text)!)
    }

    /// A CIAM authority with an empty path, `https://contoso.ciamlogin.com`, names its tenant by its
    /// first host label: as MSAL does, it becomes `https://contoso.ciamlogin.com/contoso.onmicrosoft.com`.
    /// Other authorities are returned as they are.
    static func ciamTenantPath(_ authority: URL) -> URL {
        guard let host = authority.host?.lowercased(), authority.path.isEmpty || authority.path == "/" else { return authority }
        let labels = host.split(separator: ".")
        guard labels.count >= 3, labels[1] == "ciamlogin" else { return authority }
        var components = URLComponents(url: authority, resolvingAgainstBaseURL: false)!
        components.path = "/\(labels[0]).onmicrosoft.com"
        return components.url!
    }

    /// Whether `host` is a loopback address: 127.0.0.0/8, ::1 or localhost.
    static func isLoopback(host: String) -> Bool {
        LoopbackHost.isLoopback(host)
    }

    /// Checks a client ID: non-empty, no white space.
    static func validate(clientId: String) throws -> String {
        let trimmed = clientId.trimmed(.whitespacesAndNewlines)
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: TrimmedCharacters.whitespacesAndNewlines.contains) else {
            throw NativeAuthConfigurationError(
                "The client ID '\(clientId)' is not valid: give the application (client) ID of the app "
                    + "registration, such as 00001111-aaaa-2222-bbbb-3333cccc4444.")
        }
        return trimmed
    }
}
