import ArgumentParser
import NativeAuth
import NativeAuthShared

/// `--claims-challenge VALUE`: claims the tokens must carry (an authentication context, for
/// example), as an API's claims challenge gives them: the base64 `claims` value of its
/// `WWW-Authenticate` header, or the JSON itself (the name and the forms `az login` takes).
struct ClaimsChallengeOption: ParsableArguments {
    @Option(name: .customLong("claims-challenge"), help: ArgumentHelp(
        "Claims the tokens must carry: the claims=\"…\" value of an API's WWW-Authenticate challenge (base64), "
            + "or its JSON, such as '{\"access_token\":{\"acrs\":{\"essential\":true,\"value\":\"c1\"}}}'.",
        valueName: "VALUE"))
    var claimsChallenge: String?

    func validate() throws {
        _ = try claimsRequest()
    }

    /// The claims request given, or nil.
    func claimsRequest() throws(ValidationError) -> ClaimsRequest? {
        guard let claimsChallenge else { return nil }
        do {
            return try ClaimsRequest(claimsChallenge: claimsChallenge)
        } catch {
            throw ValidationError("--claims-challenge: \(error.message); give the base64 claims value of a WWW-Authenticate challenge, or JSON.")
        }
    }

    /// The hint that signs `username` in again at its place (`next`) with `claims` (the value as the
    /// API sent it, or as `--claims-challenge` gave it).
    static func signInHint(username: String, claims: String, next: NextCommand) -> String {
        "Run: " + next.line(["signin", "--claims-challenge", claims], operand: username) + " (add --password for a password account)"
    }
}
