import Foundation

/// The native-authentication API the CLI tests sign in with: `NATIVEAUTH_TEST_API=v2` (as for the
/// library's replayed tests) runs every command of a sandbox with `NATIVEAUTH_API=v2`, so each flow
/// the tests cover runs through V2 with nothing else changed (.ci/run runs the CLI suites so once more).
public enum TestAPI {
    /// The variable that chooses the API of the tests.
    public static let variable = "NATIVEAUTH_TEST_API"

    /// The API the tests run with, lowercased: `v2` when the variable says so, else `v1`.
    public static var configured: String {
        ProcessInfo.processInfo.environment[variable]?.lowercased() == "v2" ? "v2" : "v1"
    }

    /// Whether the tests run through V2.
    public static var isV2: Bool { configured == "v2" }

    /// The piped input of a `signup --password`: through V1 the code, then the `passwords` (each
    /// refused one, then the accepted one), then `rest`; through V2, which takes the password with
    /// the start, the passwords first (docs/CLI.md, "API V1 or V2").
    public static func signUpInput(code: String, passwords: [String], then rest: [String] = []) -> String {
        let lines = isV2 ? passwords + [code] + rest : [code] + passwords + rest
        return lines.map { $0 + "\n" }.joined()
    }

    /// `variables` (a sandbox's, with every `NATIVEAUTH_` variable removed) with `NATIVEAUTH_API`
    /// set to the configured API when it is V2 (V1 is the commands' default: nothing is set).
    public static func applied(to variables: [String: String]) -> [String: String] {
        var variables = variables
        if isV2 { variables["NATIVEAUTH_API"] = "v2" }
        return variables
    }
}
