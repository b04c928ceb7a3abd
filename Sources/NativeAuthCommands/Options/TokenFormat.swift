import ArgumentParser

/// `token --output FORMAT`: how the token is printed.
enum TokenFormat: String, CaseIterable, ExpressibleByArgument {
    /// The token alone (the default).
    case text
    /// As `--json`.
    case json
    /// A `client.authentication.k8s.io` `ExecCredential`, for kubectl (``ExecCredential``).
    case execCredential = "exec-credential"
}
