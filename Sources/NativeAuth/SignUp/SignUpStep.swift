/// The steps of a sign-up, and its error table: the one place that says what each failure comes to
/// at each of them (MSAL's sign-up validators; docs/PROTOCOL.md §7), with the public code and whether
/// the state is handed back (§7.6). The answers the flow goes on with (`credential_required`,
/// `attributes_required`, refused attributes) are read before, by ``SignUpAnswer``.
enum SignUpStep: ErrorTable, CaseIterable {
    case start, challenge, resend, oobContinue, passwordContinue, attributesContinue

    /// No usable answer: the state's token is still good; the start's steps have no state to hand back.
    var handsBackWithoutAnswer: Bool { self != .start && self != .challenge }

    func outcome(of error: ServerErrorResponse) -> ErrorOutcome {
        // The server ends the whole flow.
        if let end = ErrorOutcome.flowEnd(error) { return end }

        switch (self, error.error) {
        case (.start, .userAlreadyExists):
            return ErrorOutcome(.userAlreadyExists)
        case (.start, .invalidRequest) where error.isInvalidUsername:
            return ErrorOutcome(.invalidUsername)
        case (.start, _) where error.isPasswordPolicyRefusal:
            return ErrorOutcome(.invalidPassword)
        case (.resend, _):
            return .refusedResend
        case (.oobContinue, _) where error.isWrongCode:
            return ErrorOutcome(.invalidCode, handsBack: true)
        case (.passwordContinue, _) where error.isPasswordPolicyRefusal:
            return ErrorOutcome(.invalidPassword, handsBack: true)
        default:
            // Among them: a password-policy suberror answering a code (retrying the code cannot fix a
            // password, so unlike MSAL the flow ends), user_already_exists after the code (someone
            // else finished a sign-up for the address first), verification_required (no flow uses it).
            return .general
        }
    }
}

/// What a sign-up's `/start` or `/continue` answered, read without a transport.
enum SignUpAnswer: Sendable, Equatable {
    /// HTTP 200: the step succeeded (at `/continue`: the account exists; the token, when present,
    /// signs the user in).
    case succeeded(continuationToken: String?)
    /// `credential_required` (AADSTS55103): ask `/signup/v1.0/challenge` for the password step.
    case credentialRequired(continuationToken: String)
    /// `attributes_required` (AADSTS55106): the server needs these attributes.
    case attributesRequired([NativeAuthRequiredAttribute], continuationToken: String)
    /// `invalid_grant` with `attribute_validation_failed`: the server refused these attributes.
    case attributesInvalid([String])
    /// Any other refusal, a redirect, or no usable answer.
    case rejected(WireRejection)
    /// An answer that does not fit: an error that should carry a token or a list and does not.
    case unexpected(String)

    init(_ outcome: WireOutcome<ContinuationTokenResponse>) {
        switch outcome {
        case .success(let body):
            self = .succeeded(continuationToken: body.continuationToken.flatMap { $0.isEmpty ? nil : $0 })
        case .rejected(let rejection):
            self = Self.read(rejection)
        }
    }

    private static func read(_ rejection: WireRejection) -> SignUpAnswer {
        guard let error = rejection.serverError else { return .rejected(rejection) }
        let token = error.continuationToken.flatMap { $0.isEmpty ? nil : $0 }
        switch error.error {
        case .credentialRequired:
            guard let token else { return .unexpected("credential_required without a continuation_token") }
            return .credentialRequired(continuationToken: token)
        case .attributesRequired:
            let attributes = NativeAuthRequiredAttribute.read(error.requiredAttributes)
            guard let token, !attributes.isEmpty else {
                return .unexpected("attributes_required without a continuation_token or a usable required_attributes list")
            }
            return .attributesRequired(attributes, continuationToken: token)
        case .invalidGrant where error.suberror == .attributeValidationFailed:
            let names = error.invalidAttributes.prefix(NativeAuthRequiredAttribute.maximumCount)
                .filter { !$0.isEmpty && $0.count <= SignUpAttributes.maximumNameLength }
            // Without the names, the server's own description is the best there is.
            return names.isEmpty ? .rejected(rejection) : .attributesInvalid(Array(names))
        default:
            return .rejected(rejection)
        }
    }
}
