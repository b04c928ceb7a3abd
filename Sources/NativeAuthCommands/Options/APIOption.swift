import ArgumentParser
import NativeAuth
import NativeAuthShared

/// `--api v1|v2`: which version of the native-authentication API a sign-in speaks (env
/// `NATIVEAUTH_API`; V1 by default), for the commands that sign in (`signin`, `signup`,
/// `reset-password`, and `token`, which can sign in for kubectl). The prompts, exit codes and
/// `--json` output are the same for both; a refresh is the same request in both.
struct APIOption: ParsableArguments {
    /// The variable that chooses the API when `--api` is not given.
    static let variable = "NATIVEAUTH_API"

    @Option(name: .customLong("api"), help: ArgumentHelp(
        "The native-authentication API to sign in with: v1 (generally available, the default) or v2 (the preview: "
            + "an authorization challenge, then the links the server returns); the same prompts and results (env NATIVEAUTH_API).",
        valueName: "v1|v2"))
    var value: String?

    func validate() throws {
        if let value, Self.api(value) == nil { throw ValidationError(Self.invalid(value, source: "--api")) }
    }

    /// `--api`, else `NATIVEAUTH_API` in `environment`, else V1; an unknown value is a usage error
    /// naming the allowed ones.
    func api(in environment: CommandEnvironment) throws(CLIFailure) -> NativeAuthAPI {
        if let value { return try Self.parsed(value, source: "--api") }
        guard let variable = environment.variable(Self.variable) else { return .v1 }
        return try Self.parsed(variable, source: Self.variable)
    }

    /// `--api` as given, as the words of a command line.
    var arguments: [String] {
        value.map { ["--api", $0] } ?? []
    }

    private static func parsed(_ value: String, source: String) throws(CLIFailure) -> NativeAuthAPI {
        guard let api = api(value) else { throw CLIFailure(.usage, invalid(value, source: source)) }
        return api
    }

    private static func api(_ value: String) -> NativeAuthAPI? {
        NativeAuthAPI(rawValue: value.trimmed(.whitespaces).lowercased())
    }

    private static func invalid(_ value: String, source: String) -> String {
        let allowed = NativeAuthAPI.allCases.map(\.rawValue).joined(separator: " or ")
        return "\(source) '\(value)' is not an API version: give \(allowed)."
    }
}
