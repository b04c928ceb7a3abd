#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthEmulatorInterface
import NativeAuthShared

/// Works out where to sign in and with which client ID. Precedence: flags, then the environment
/// (`NATIVEAUTH_TENANT`, `NATIVEAUTH_AUTHORITY`, `NATIVEAUTH_CLIENT_ID`, `NATIVEAUTH_SCOPES`), then the
/// embedded emulator (for `signin`) or the accounts the store remembers (for the other commands, see
/// ``AccountSelection``).
struct TargetResolution {
    /// The location given by a flag or the environment, if any.
    let location: SignInLocation?
    /// The client ID given by a flag or the environment, if any.
    let clientId: String?
    /// Scopes from `--scope` (one each), else `NATIVEAUTH_SCOPES` (space-separated); nil when neither is given.
    let scopes: [String]?

    /// Reads `options` and `scopes` (the `--scope` values), then the variables of `environment`.
    init(_ options: SharedOptions, scopes givenScopes: [String] = [], in environment: CommandEnvironment) throws(CLIFailure) {
        func value(_ name: String) -> String? {
            environment.variables[name].flatMap { $0.trimmed(.whitespaces).isEmpty ? nil : $0 }
        }
        if let tenant = options.tenant {
            location = try Self.tenant(tenant, source: "--tenant")
        } else if let authority = options.authority {
            location = try Self.authority(authority, source: "--authority")
        } else {
            switch (value("NATIVEAUTH_TENANT"), value("NATIVEAUTH_AUTHORITY")) {
            case (.some, .some):
                throw CLIFailure(.usage, "NATIVEAUTH_TENANT and NATIVEAUTH_AUTHORITY are both set: unset one of them.")
            case (let tenant?, nil): location = try Self.tenant(tenant, source: "NATIVEAUTH_TENANT")
            case (nil, let authority?): location = try Self.authority(authority, source: "NATIVEAUTH_AUTHORITY")
            case (nil, nil): location = nil
            }
        }
        clientId = options.clientId ?? value("NATIVEAUTH_CLIENT_ID")
        if !givenScopes.isEmpty {
            scopes = givenScopes  // one scope each (ScopeOption.validate checks it)
        } else {
            scopes = value("NATIVEAUTH_SCOPES").map(Self.split)
        }
    }

    /// Where `signin` signs in: the explicit location, else the embedded emulator.
    func signInTarget() throws(CLIFailure) -> (location: SignInLocation, clientId: String) {
        let location = location ?? .embeddedEmulator
        if let clientId { return (location, clientId) }
        guard location.isLoopback else {
            throw CLIFailure(.usage, "Give the application (client) ID with --client-id or NATIVEAUTH_CLIENT_ID.",
                             hint: "It is on the app registration's overview page in the Microsoft Entra admin center.")
        }
        return (location, EmulatorProgramFacts.clientId)
    }

    private static func tenant(_ value: String, source: String) throws(CLIFailure) -> SignInLocation {
        let sub = value.trimmed(.whitespaces).lowercased()
        guard sub.wholeMatch(of: /[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?/) != nil,
              let url = URL(string: "https://\(sub).ciamlogin.com/\(sub).onmicrosoft.com")
        else {
            throw CLIFailure(.usage, "\(source) '\(value)' is not a tenant subdomain: give the first label of the tenant's domain, such as contoso.")
        }
        return .authority(url)
    }

    /// An authority URL, or `nativeauth:embedded-emulator` for the embedded emulator (to pick its
    /// accounts, as in `signout --all --authority nativeauth:embedded-emulator`).
    private static func authority(_ value: String, source: String) throws(CLIFailure) -> SignInLocation {
        if value.trimmed(.whitespaces) == SignInLocation.embeddedStorageKey { return .embeddedEmulator }
        guard let url = URL(string: SignInLocation.trimmed(value.trimmed(.whitespaces))),
              url.scheme != nil, url.host != nil
        else {
            throw CLIFailure(.usage, "\(source) '\(value)' is not an absolute URL such as https://contoso.ciamlogin.com/contoso.onmicrosoft.com.")
        }
        return SignInLocation.isLegacyEmbedded(url) ? .embeddedEmulator : .authority(url)
    }

    /// `NATIVEAUTH_SCOPES`: scopes separated by spaces (commas are accepted too).
    private static func split(_ scopes: String) -> [String] {
        scopes.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
    }
}
