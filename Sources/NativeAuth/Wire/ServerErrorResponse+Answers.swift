/// The protocol errors several steps recognise, read in one place: the step tables name these, and
/// nothing above the wire layer looks at the server's strings.
extension ServerErrorResponse {
    /// `invalid_grant` with `invalid_oob_value`: the one-time code is wrong (or expired) at any step
    /// that takes one (docs/PROTOCOL.md §6, §7, §8, §9).
    var isWrongCode: Bool { error == .invalidGrant && suberror == .invalidOOBValue }

    /// `access_denied` with a `provider_blocked…` suberror (`provider_blocked_by_rep`, …): the server
    /// blocked a second factor's method or a contact to register, as risky (docs/PROTOCOL.md §9.3).
    var isProviderBlocked: Bool {
        error == .accessDenied && suberror?.rawValue.hasPrefix("provider_blocked") == true
    }

    /// `invalid_request` naming the verification contact as invalid (`/register/v1.0/challenge`,
    /// MSAL's `invalidVerificationContact`; docs/PROTOCOL.md §9.2).
    var isInvalidVerificationContact: Bool {
        error == .invalidRequest && errorCodes.contains(AADSTSCode.invalidVerificationContact)
    }

    /// `invalid_request` with AADSTS90100 whose description names the username: the start of a flow
    /// refused the username (MSAL reads it the same way; docs/PROTOCOL.md §6.1). The server has no
    /// suberror for it, so this is the one place a description is read.
    var isInvalidUsername: Bool {
        error == .invalidRequest && errorCodes.first == AADSTSCode.invalidParameter
            && (errorDescription ?? "").contains("username")
    }
}
