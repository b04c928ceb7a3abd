/// The strong-authentication errors (docs/PROTOCOL.md §9, §11). Numbers are the documented ones;
/// `registration_required` and the blocked-number refusals have none in public (§14 item 13).
extension ProtocolError {
    /// A `capabilities` value the service does not know.
    static func unsupportedCapability(_ value: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 90100,
                      message: "The capabilities list contains an unsupported value '\(value.prefix(64))'. Supported: mfa_required, registration_required.")
    }

    /// A refresh asking for an authentication context tied to a second factor its session never
    /// did: AADSTS50076, as the standard v2.0 endpoint answers when MFA is newly required.
    static let strongAuthRequiredAtRefresh = ProtocolError(
        error: "invalid_grant", code: 50076,
        message: "Due to a configuration change made by your administrator, or because you moved to a new location, "
            + "you must use multi-factor authentication to access the resource.")

    /// The first factor was right; the user must prove a second factor (AADSTS50076).
    static func mfaRequired(continuationToken: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 50076,
                      message: "Due to a configuration change made by your administrator, or because you moved to a new location, "
                          + "you must use multi-factor authentication to access the resource.",
                      suberror: "mfa_required", continuationToken: continuationToken)
    }

    /// The first factor was right; the user has no strong authentication method and must register one.
    static func registrationRequired(continuationToken: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: nil,
                      message: "The user must register a strong authentication method before tokens can be issued.",
                      suberror: "registration_required", continuationToken: continuationToken)
    }

    /// The sign-in's challenge for a user with no default second factor: list the methods first
    /// (`/oauth2/v2.0/introspect`). The suberror is hidden in the reference's source (docs/PROTOCOL.md
    /// §6.2); its `error` and the lack of a number are this emulator's reading, not a recording.
    static func introspectRequired(continuationToken: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: nil,
                      message: "The user has no default strong authentication method: list the user's methods with /oauth2/v2.0/introspect.",
                      suberror: "introspect_required", continuationToken: continuationToken)
    }

    /// `/oauth2/v2.0/challenge` with an `id` that is not one of the user's methods.
    static let unknownMethodId = ProtocolError(
        error: "invalid_request", code: 90100, message: "id parameter is empty or not valid: it names no strong authentication method of this user.")

    /// A verification contact that is not an address or a phone number (MSAL's `invalidVerificationContact`).
    static func invalidVerificationContact(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 901_001, message: "The verification contact is not valid: \(why)")
    }

    /// SMS to a number the reputation checks refuse.
    static let contactBlockedByReputation = ProtocolError(
        error: "access_denied", code: nil, message: "The phone number was blocked by reputation checks. Use another method or number.",
        suberror: "provider_blocked_by_rep")

    /// A `grant_type` `/register/v1.0/continue` does not take.
    static func unsupportedRegistrationGrant(_ value: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 70003,
                      message: "The grant_type '\(value.prefix(64))' is not valid here: use oob, or continuation_token after preverified.")
    }

    /// The wrong code that used up a strong authentication's attempts (as sign-in's lock-out, AADSTS50053).
    static let strongAuthLockedOut = ProtocolError(
        error: "invalid_grant", code: 50053, message: "The account is locked: too many wrong codes in this sign-in. Start a new sign-in.")

    /// A strong-authentication token presented at the wrong step.
    static func wrongStrongAuthStep(_ what: String) -> ProtocolError {
        invalidContinuationToken("it is for another step of the flow; \(what).")
    }
}
