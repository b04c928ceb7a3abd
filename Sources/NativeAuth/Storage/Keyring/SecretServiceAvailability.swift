#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Whether a Secret Service (the desktop keyring) can keep tokens now, and which one it is.
///
/// ```swift
/// switch SecretServiceTokenStore.availability() {
/// case .available(let name): print("tokens go to the keyring (\(name))")
/// case .unavailable(let reason): print("tokens go to a file: \(reason)")
/// }
/// ```
public enum SecretServiceAvailability: Sendable, Equatable {
    /// A Secret Service owns `org.freedesktop.secrets` on the session bus; `serviceName` names it for
    /// people ("GNOME Keyring", "KWallet", "KeePassXC", else its program's name).
    case available(serviceName: String)
    /// None can be used, for `reason` (a sentence).
    case unavailable(reason: String)

    /// Whether a Secret Service is available.
    public var isAvailable: Bool {
        if case .available = self { return true }
        return false
    }

    /// The name people know the keyring program by, from the name of its process.
    static func serviceName(program: String) -> String {
        let program = program.trimmed(.whitespacesAndNewlines)
        switch program {
        case let name where name.hasPrefix("gnome-keyring"): return "GNOME Keyring"
        case let name where name.hasPrefix("kwalletd") || name.hasPrefix("ksecretd"): return "KWallet"
        case let name where name.lowercased().hasPrefix("keepassxc"): return "KeePassXC"
        case "": return "Secret Service"
        default:
            let printable = String(String.UnicodeScalarView(program.unicodeScalars.filter { $0.value > 0x20 && $0.value < 0x7F }))
            return printable.isEmpty ? "Secret Service" : String(printable.prefix(32))
        }
    }
}

#if os(Linux)
extension SecretServiceTokenStore {
    /// Whether a Secret Service is on the session bus now.
    ///
    /// Costs nothing when `environment` has no `DBUS_SESSION_BUS_ADDRESS` (no session bus: nothing is
    /// loaded); otherwise it loads libsecret and asks the bus once who owns `org.freedesktop.secrets`.
    /// A keyring that is locked is still available: reading from it then fails with
    /// ``TokenStoreError/Reason/unavailable``.
    public static func availability(environment: [String: String] = ProcessInfo.processInfo.environment) -> SecretServiceAvailability {
        guard let address = environment["DBUS_SESSION_BUS_ADDRESS"], !address.isEmpty else {
            return .unavailable(reason: "there is no session bus (DBUS_SESSION_BUS_ADDRESS is not set)")
        }
        let library: SecretServiceLibrary
        switch SecretServiceLibrary.shared {
        case .success(let loaded): library = loaded
        case .failure(let failure): return .unavailable(reason: failure.message)
        }
        do {
            let pid = try library.secretServiceProcessID()
            let program = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
            return .available(serviceName: SecretServiceAvailability.serviceName(program: program))
        } catch {
            return .unavailable(reason: "no Secret Service is on the session bus (\(error.message))")
        }
    }
}
#endif
