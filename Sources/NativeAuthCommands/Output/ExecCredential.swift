#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// `token --output exec-credential`: the token as kubectl's exec credential plugins give it, an
/// `ExecCredential` of `client.authentication.k8s.io` (`status.token`, `status.expirationTimestamp`),
/// so that a kubeconfig's `user.exec` runs `nativeauth` for kubectl's bearer token.
///
/// kubectl says which version it reads, and whether the plugin may use the terminal, in the
/// variable `KUBERNETES_EXEC_INFO` (an `ExecCredential` whose `spec.interactive` says so); without
/// it (a person running the command), `v1`.
struct ExecCredential {
    /// The versions written: kubectl's current one and the one before it.
    static let apiVersions = ["client.authentication.k8s.io/v1", "client.authentication.k8s.io/v1beta1"]

    /// The version kubectl asked for.
    let apiVersion: String
    /// `spec.interactive` of kubectl's request: whether the plugin may prompt on the terminal (nil
    /// without a request).
    let interactive: Bool?

    /// Reads `KUBERNETES_EXEC_INFO` in `environment`; a usage error when it is not an
    /// `ExecCredential` of a version written here.
    init(in environment: CommandEnvironment) throws(CLIFailure) {
        guard let info = environment.variable("KUBERNETES_EXEC_INFO") else {
            apiVersion = Self.apiVersions[0]
            interactive = nil
            return
        }
        guard case .object(let members)? = JSONValue.decoded(from: Data(info.utf8)),
              case .string(let version)? = members.first(where: { $0.0 == "apiVersion" })?.1
        else {
            throw CLIFailure(.usage, "KUBERNETES_EXEC_INFO is not an ExecCredential with an apiVersion.")
        }
        guard Self.apiVersions.contains(version) else {
            throw CLIFailure(.usage, "kubectl asks for an ExecCredential of \(TerminalText.sanitized(version, limit: 100)); "
                + "nativeauth writes \(Self.apiVersions.joined(separator: " and ")).",
                             hint: "Set the kubeconfig's user.exec.apiVersion to one of them.")
        }
        apiVersion = version
        if case .object(let spec)? = members.first(where: { $0.0 == "spec" })?.1,
           case .bool(let flag)? = spec.first(where: { $0.0 == "interactive" })?.1 {
            interactive = flag
        } else {
            interactive = nil
        }
    }

    /// Whether a sign-in may prompt in `environment`: standard input is a terminal, and kubectl
    /// (when it asked) says the plugin may use it.
    func maySignIn(in environment: CommandEnvironment) -> Bool {
        environment.inputIsTerminal && interactive != false
    }

    /// The `ExecCredential` that gives `token` to kubectl.
    func json(_ token: NativeAuthTokenResult) -> [String: Any] {
        var status: [String: Any] = ["token": token.accessToken]
        if let expiresOn = token.expiresOn { status["expirationTimestamp"] = expiresOn }
        return ["apiVersion": apiVersion, "kind": "ExecCredential", "status": status]
    }
}
