import ArgumentParser

/// `--scope S` (repeatable): the scopes of an API to ask a token for, for the commands that get one
/// (`signin`, `signup`, `reset-password`, `token`, `call`). Each is one scope.
struct ScopeOption: ParsableArguments {
    @Option(name: .customLong("scope"), help: ArgumentHelp(
        "One scope of an API to request; repeat the option for several (env NATIVEAUTH_SCOPES, space-separated).",
        valueName: "S"))
    var scopes: [String] = []

    func validate() throws {
        for scope in scopes {
            if scope.isEmpty { throw ValidationError("--scope is empty: give a scope such as api://contoso/Data.Read.") }
            if scope.contains(where: { $0.isWhitespace || $0 == "," }) {
                throw ValidationError("--scope '\(scope)' holds several scopes: give each scope with its own --scope.")
            }
        }
    }

    /// The options as the words of a command line.
    var arguments: [String] {
        scopes.flatMap { ["--scope", $0] }
    }
}
