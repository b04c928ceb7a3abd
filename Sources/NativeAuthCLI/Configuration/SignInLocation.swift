import Foundation
import NativeAuthEmulator
import NativeAuthShared

/// Where an account signs in: the embedded emulator, or a tenant's authority.
///
/// The embedded emulator listens on a different port in every process, but the token store keys
/// accounts by client ID and authority string. So accounts of the embedded emulator are stored under
/// one stable authority, ``embeddedAuthority`` (`http://127.0.0.1:0/emulator.onmicrosoft.com`): port 0
/// stands for "the embedded emulator, on whatever port it gets in this process". The CLI gives the
/// library that authority and a transport (``EmbeddedEmulatorTransport``) that starts the emulator
/// on the first request and sends each request to its real port. Two processes at once each run their
/// own emulator on the shared state folder, and find the same account in the store.
enum SignInLocation: Equatable {
    case embeddedEmulator
    case authority(URL)

    /// The stable authority under which accounts of the embedded emulator are stored.
    static let embeddedAuthority = URL(string: "http://127.0.0.1:0/\(EmulatorConfiguration().tenantSubdomain).onmicrosoft.com")!

    /// The authority handed to the library.
    var authority: URL {
        switch self {
        case .embeddedEmulator: return Self.embeddedAuthority
        case .authority(let url): return url
        }
    }

    /// The location of an authority string from the store.
    init?(stored authority: String) {
        guard let url = URL(string: authority) else { return nil }
        self = Self.isEmbedded(url) ? .embeddedEmulator : .authority(url)
    }

    static func isEmbedded(_ url: URL) -> Bool {
        url.scheme == "http" && url.host == "127.0.0.1" && url.port == 0
    }

    /// The tenant subdomain, when the authority is `https://SUB.ciamlogin.com/SUB.onmicrosoft.com`.
    var tenantSubdomain: String? {
        guard case .authority(let url) = self, let host = url.host, host.hasSuffix(".ciamlogin.com") else { return nil }
        let sub = String(host.dropLast(".ciamlogin.com".count))
        return url.path == "/\(sub).onmicrosoft.com" ? sub : nil
    }

    /// Whether the authority is on loopback (the embedded emulator, or `nativeauth emulator`).
    var isLoopback: Bool {
        guard let host = authority.host else { return false }
        return LoopbackHost.isLoopback(host)
    }

    /// For people: `the embedded emulator`, `tenant contoso`, or the authority URL.
    var summary: String {
        if self == .embeddedEmulator { return "the embedded emulator" }
        if let tenant = tenantSubdomain { return "tenant \(tenant) (\(authority.absoluteString))" }
        return authority.absoluteString
    }

    /// For `--json`: `{"kind": "emulator" | "tenant" | "authority", ...}`.
    var json: [String: Any] {
        var object: [String: Any] = ["authority": authority.absoluteString]
        if self == .embeddedEmulator {
            object["kind"] = "emulator"
        } else if let tenant = tenantSubdomain {
            object["kind"] = "tenant"
            object["tenant"] = tenant
        } else {
            object["kind"] = "authority"
        }
        return object
    }
}
