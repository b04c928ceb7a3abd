#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthEmulatorInterface
import NativeAuthShared

/// Where an account signs in: the embedded emulator, or a tenant's authority.
///
/// The embedded emulator is a location kind of its own. It gets a real authority
/// (`http://127.0.0.1:PORT/emulator.onmicrosoft.com`) on a port reserved in each process, so the
/// token store cannot key its accounts by that URL: they are stored under ``embeddedStorageKey``
/// (`nativeauth:embedded-emulator`) through the library's `storageAuthority`. Stores written before
/// used the authority `http://127.0.0.1:0/emulator.onmicrosoft.com`; such an account is still
/// recognised (see ``isLegacyEmbedded(_:)``) and acted on under its own key.
enum SignInLocation: Equatable {
    case embeddedEmulator
    case authority(URL)

    /// The token-store key of accounts of the embedded emulator.
    static let embeddedStorageKey = "nativeauth:embedded-emulator"

    /// The tenant path the embedded emulator answers under (`/emulator.onmicrosoft.com`).
    static let embeddedTenantPath = "/\(EmulatorProgramFacts.tenantSubdomain).onmicrosoft.com"

    /// The authority of a tenant or of `nativeauth emulator`; nil for the embedded emulator, whose
    /// authority is only known in the process that runs it.
    var authority: URL? {
        guard case .authority(let url) = self else { return nil }
        return url
    }

    /// The key a new sign-in stores its account under when it is not the authority itself.
    var storageKey: String? {
        self == .embeddedEmulator ? Self.embeddedStorageKey : nil
    }

    /// The location of a key from the token store: ``embeddedStorageKey``, the legacy
    /// `http://127.0.0.1:0/…` authority, or an authority URL.
    init?(stored key: String) {
        if key == Self.embeddedStorageKey {
            self = .embeddedEmulator
            return
        }
        guard let url = URL(string: Self.trimmed(key)), url.scheme != nil, url.host != nil else { return nil }
        self = Self.isLegacyEmbedded(url) ? .embeddedEmulator : .authority(url)
    }

    /// The key the CLI stored embedded-emulator accounts under before `nativeauth:embedded-emulator`:
    /// port 0 on 127.0.0.1 stood for "the embedded emulator, on whatever port it has".
    static func isLegacyEmbedded(_ url: URL) -> Bool {
        url.scheme == "http" && url.host == "127.0.0.1" && url.port == 0
    }

    /// Whether an account stored under `key` signed in here.
    func matches(storedKey key: String) -> Bool {
        SignInLocation(stored: key) == self
    }

    /// An authority string without trailing slashes, as it is compared.
    static func trimmed(_ authority: String) -> String {
        var text = authority
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// The tenant subdomain, when the authority is `https://SUB.ciamlogin.com/SUB.onmicrosoft.com`.
    var tenantSubdomain: String? {
        guard case .authority(let url) = self, let host = url.host, host.hasSuffix(".ciamlogin.com") else { return nil }
        let sub = String(host.dropLast(".ciamlogin.com".count))
        return url.path == "/\(sub).onmicrosoft.com" ? sub : nil
    }

    /// Whether the authority is on loopback (the embedded emulator, or `nativeauth emulator`).
    var isLoopback: Bool {
        guard case .authority(let authority) = self else { return true }
        guard let host = authority.host else { return false }
        return LoopbackHost.isLoopback(host)
    }

    /// For people: `the embedded emulator`, `tenant contoso`, or the authority URL.
    var summary: String {
        guard case .authority(let url) = self else { return "the embedded emulator" }
        if let tenant = tenantSubdomain { return "tenant \(tenant) (\(url.absoluteString))" }
        return url.absoluteString
    }

    /// For `--json`: `{"kind": "emulator"}`, `{"kind": "tenant", "tenant", "authority"}` or
    /// `{"kind": "authority", "authority"}`.
    var json: [String: Any] {
        guard case .authority(let url) = self else { return ["kind": "emulator"] }
        var object: [String: Any] = ["authority": url.absoluteString, "kind": "authority"]
        if let tenant = tenantSubdomain {
            object["kind"] = "tenant"
            object["tenant"] = tenant
        }
        return object
    }
}
