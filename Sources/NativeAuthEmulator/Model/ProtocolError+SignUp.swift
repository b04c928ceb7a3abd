/// The sign-up errors (docs/PROTOCOL.md §7, §11). Numbers are the documented ones; where no public
/// source gives one (`attribute_validation_failed`, five of the six password suberrors), the error
/// has none, as the recordings do.
extension ProtocolError {
    /// A sign-up token whose flow has no account in the making (the sign-up is done).
    static let noSignUpInProgress = invalidContinuationToken("it has no sign-up in progress.")

    static let userAlreadyExists = ProtocolError(
        error: "user_already_exists", code: 1_003_037, message: "It looks like you may already have an account. Sign in instead.")

    /// The address is verified and the account needs a password: ask `/signup/v1.0/challenge`.
    static func credentialRequired(continuationToken: String) -> ProtocolError {
        ProtocolError(error: "credential_required", code: 55103, message: "Credential required.", continuationToken: continuationToken)
    }

    /// The account needs these attributes before it can be created.
    static func attributesRequired(_ rules: [UserAttributeRule], continuationToken: String) -> ProtocolError {
        ProtocolError(error: "attributes_required", code: 55106, message: "User attributes required.",
                      continuationToken: continuationToken,
                      requiredAttributes: rules.map(\.requiredAttribute))
    }

    /// Values of these attributes are not acceptable (type, emptiness or pattern).
    static func attributeValidationFailed(_ names: [String]) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: nil,
                      message: "User attribute validation failed: \(names.joined(separator: ", ")).",
                      suberror: "attribute_validation_failed",
                      invalidAttributes: names, v2Code: "invalidAttributes")
    }

    /// The password policy refused a new password.
    static func passwordPolicy(_ violation: PasswordViolation) -> ProtocolError {
        // AADSTS399246 is the number of the reference's too-weak example; the others have none in public.
        let code: Int? = if case .tooWeak = violation { 399_246 } else { nil }
        return ProtocolError(error: "invalid_grant", code: code, message: violation.message, suberror: violation.suberror)
    }

    /// The `attributes` field is not a JSON object (or is too big).
    static func invalidAttributesParameter(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 90100, message: "attributes parameter is empty or not valid: \(why)")
    }

    /// A `grant_type` `/signup/v1.0/continue` does not take.
    static func unsupportedSignUpGrant(_ value: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 70003,
                      message: "The grant_type '\(value.prefix(64))' is not valid here: use oob, password or attributes.")
    }
}

extension ProtocolError {
    /// The wrong code that used up a sign-up's attempts (as sign-in's lock-out, AADSTS50053).
    static let signUpLockedOut = ProtocolError(
        error: "invalid_grant", code: 50053, message: "Too many wrong codes in this sign-up. Start a new sign-up.")
}
