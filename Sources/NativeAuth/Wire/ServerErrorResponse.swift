#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A protocol error as the server sent it (an HTTP 400 or 401 body).
///
/// `error` and `suberror` are open sets: a string the library does not know still decodes. Fields the
/// server may leave out (or send with another type) decode as absent rather than failing the body.
public struct ServerErrorResponse: Sendable, Equatable, Decodable {
    /// The error class, such as `invalid_grant`.
    public var error: ServerErrorCode
    /// The refinement, such as `invalid_oob_value`.
    public var suberror: ServerSubError?
    /// The server's text (`AADSTSnnnnn: …` then trace, correlation and timestamp lines).
    public var errorDescription: String?
    /// The AADSTS numbers.
    public var errorCodes: [Int]
    /// When the server says the error happened, as it wrote it (`2026-01-01 10:15:00Z`).
    public var timestamp: String?
    /// The server's correlation ID, if it sent one.
    public var correlationId: String?
    /// The server's trace ID, if it sent one.
    public var traceId: String?
    /// A page about the error, if the server named one (not documented for native auth; the SDKs read it).
    public var errorUri: String?
    /// Errors behind this one, if the server listed any.
    public var innerErrors: [InnerError]
    /// A continuation token that lets the flow go on, for the errors that carry one
    /// (`credential_required`, `attributes_required`, `mfa_required`, `registration_required`).
    var continuationToken: String?
    /// Sign-up's `attributes_required`: the attributes the server asks for (`required_attributes`).
    var requiredAttributes: [RequiredAttributeBody]
    /// Sign-up's `attribute_validation_failed`: the names of the attributes it refused (`invalid_attributes`).
    var invalidAttributes: [String]

    /// One entry of `inner_errors`.
    public struct InnerError: Sendable, Equatable, Decodable {
        /// The inner error's class.
        public var error: String?
        /// The inner error's text.
        public var errorDescription: String?

        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }

    enum CodingKeys: String, CodingKey {
        case error, suberror, timestamp
        case errorDescription = "error_description"
        case errorCodes = "error_codes"
        case correlationId = "correlation_id"
        case traceId = "trace_id"
        case errorUri = "error_uri"
        case innerErrors = "inner_errors"
        case continuationToken = "continuation_token"
        case requiredAttributes = "required_attributes"
        case invalidAttributes = "invalid_attributes"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decode(ServerErrorCode.self, forKey: .error)
        suberror = try? container.decodeIfPresent(ServerSubError.self, forKey: .suberror)
        errorDescription = try? container.decodeIfPresent(String.self, forKey: .errorDescription)
        errorCodes = (try? container.decodeIfPresent([Int].self, forKey: .errorCodes)) ?? []
        timestamp = try? container.decodeIfPresent(String.self, forKey: .timestamp)
        correlationId = try? container.decodeIfPresent(String.self, forKey: .correlationId)
        traceId = try? container.decodeIfPresent(String.self, forKey: .traceId)
        errorUri = try? container.decodeIfPresent(String.self, forKey: .errorUri)
        innerErrors = (try? container.decodeIfPresent([InnerError].self, forKey: .innerErrors)) ?? []
        continuationToken = try? container.decodeIfPresent(String.self, forKey: .continuationToken)
        requiredAttributes = (try? container.decodeIfPresent([RequiredAttributeBody].self, forKey: .requiredAttributes)) ?? []
        invalidAttributes = ((try? container.decodeIfPresent([AttributeName].self, forKey: .invalidAttributes)) ?? []).compactMap(\.name)
    }

    init(error: ServerErrorCode, suberror: ServerSubError? = nil, errorDescription: String? = nil,
         errorCodes: [Int] = [], correlationId: String? = nil, continuationToken: String? = nil) {
        self.error = error
        self.suberror = suberror
        self.errorDescription = errorDescription
        self.errorCodes = errorCodes
        self.correlationId = correlationId
        self.innerErrors = []
        self.continuationToken = continuationToken
        self.requiredAttributes = []
        self.invalidAttributes = []
    }
}

/// The `error` of a protocol error: an open set of strings with the known ones named.
public struct ServerErrorCode: RawRepresentable, Hashable, Sendable, Decodable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public var description: String { rawValue }

    /// A parameter is missing, malformed or not accepted (a wrong code comes with `invalidOOBValue`).
    public static let invalidRequest = Self(rawValue: "invalid_request")
    /// The app is not a public client, or native authentication is off for it (`nativeAuthAPIDisabled`).
    public static let invalidClient = Self(rawValue: "invalid_client")
    /// The client ID is well formed but no application in the tenant has it.
    public static let unauthorizedClient = Self(rawValue: "unauthorized_client")
    /// The grant was refused: a wrong password or code, or (with `mfaRequired` or `registrationRequired`) a second factor is needed first.
    public static let invalidGrant = Self(rawValue: "invalid_grant")
    /// The continuation token expired: the flow starts over.
    public static let expiredToken = Self(rawValue: "expired_token")
    /// The refresh token expired: the account signs in again.
    public static let expiredRefreshToken = Self(rawValue: "expired_refresh_token")
    /// No account has this username.
    public static let userNotFound = Self(rawValue: "user_not_found")
    /// None of the challenge types the app offers suits this account: it needs the browser.
    public static let unsupportedChallengeType = Self(rawValue: "unsupported_challenge_type")
    /// A requested scope is unknown or not configured for this client.
    public static let invalidScope = Self(rawValue: "invalid_scope")
    /// The server does not accept this `grant_type` here.
    public static let unsupportedGrantType = Self(rawValue: "unsupported_grant_type")
    /// The server refused the request (for a second factor's contact, with a `provider_blocked_…` suberror).
    public static let accessDenied = Self(rawValue: "access_denied")
    /// Sign-up: the account needs a password now (a `/challenge` for `password` follows).
    public static let credentialRequired = Self(rawValue: "credential_required")
    /// Sign-up: the account needs the listed attributes before it can be created.
    public static let attributesRequired = Self(rawValue: "attributes_required")
    /// Sign-up: an account already has this username.
    public static let userAlreadyExists = Self(rawValue: "user_already_exists")
    /// Sign-up: the listed attributes must be verified before the account can be created.
    public static let verificationRequired = Self(rawValue: "verification_required")
    // The device authorization grant's answers while polling (RFC 8628 §3.5, and Microsoft's names).
    /// Device code: the user has not finished on the web page yet; poll again after the interval.
    public static let authorizationPending = Self(rawValue: "authorization_pending")
    /// Device code: polling too often; wait five seconds longer between polls.
    public static let slowDown = Self(rawValue: "slow_down")
    /// Device code: the user declined on the web page.
    public static let authorizationDeclined = Self(rawValue: "authorization_declined")
}

/// The `suberror` of a protocol error: an open set of strings with the known ones named.
public struct ServerSubError: RawRepresentable, Hashable, Sendable, Decodable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public var description: String { rawValue }

    /// With `invalidGrant` or `invalidRequest`: the one-time code is wrong.
    public static let invalidOOBValue = Self(rawValue: "invalid_oob_value")
    /// With `invalidGrant`: the sign-in needs a second factor (docs/PROTOCOL.md §9).
    public static let mfaRequired = Self(rawValue: "mfa_required")
    /// With `invalidGrant`: the account must register a second factor first (docs/PROTOCOL.md §10).
    public static let registrationRequired = Self(rawValue: "registration_required")
    /// The user has no default second factor: list the methods (`/oauth2/v2.0/introspect`) and
    /// choose one (docs/PROTOCOL.md §9.1). MSAL names it but does not act on it.
    public static let introspectRequired = Self(rawValue: "introspect_required")
    /// With `invalidClient`: native authentication is turned off for this application.
    public static let nativeAuthAPIDisabled = Self(rawValue: "nativeauthapi_disabled")
    /// Sign-up: an attribute's value was refused (the invalid ones are listed).
    public static let attributeValidationFailed = Self(rawValue: "attribute_validation_failed")

    // The password policy's refusals (sign-up, and a password reset's new password).
    /// The new password is too weak for the policy.
    public static let passwordTooWeak = Self(rawValue: "password_too_weak")
    /// The new password is shorter than the policy allows.
    public static let passwordTooShort = Self(rawValue: "password_too_short")
    /// The new password is longer than the policy allows.
    public static let passwordTooLong = Self(rawValue: "password_too_long")
    /// The new password was used recently.
    public static let passwordRecentlyUsed = Self(rawValue: "password_recently_used")
    /// The new password is on the banned list.
    public static let passwordBanned = Self(rawValue: "password_banned")
    /// The new password has characters the policy does not allow.
    public static let passwordIsInvalid = Self(rawValue: "password_is_invalid")

    /// The six suberrors by which the server refuses a new password under its policy.
    public static let passwordPolicy: Set<ServerSubError> = [
        .passwordTooWeak, .passwordTooShort, .passwordTooLong, .passwordRecentlyUsed, .passwordBanned, .passwordIsInvalid,
    ]

    /// Whether this suberror refuses a new password under the password policy.
    public var isPasswordPolicy: Bool { Self.passwordPolicy.contains(self) }

    /// The password-policy suberror this one is, as V1 spells it (``passwordTooShort``, …), whichever
    /// API sent it: V2 spells the same rules in camelCase as the inner code (`passwordTooShort`).
    /// Nil for any other suberror.
    public var passwordPolicyRule: ServerSubError? {
        let spelt = HALResponse.normalized(rawValue)
        return Self.passwordPolicy.first { HALResponse.normalized($0.rawValue) == spelt }
    }
}

/// AADSTS numbers the library interprets. Microsoft warns that codes may change, so the library
/// branches on `error` and `suberror` first and uses these only where the MSAL SDKs do.
enum AADSTSCode {
    static let userNotFound = 50034
    static let invalidCredentials = 50126
    static let invalidParameter = 90100
    static let strongAuthRequired = 50076
    static let passwordChangeRequired = 50142
    /// The user or an administrator has not consented to the app for the requested resource: a
    /// scope the app is not configured for ("Send an interactive authorization request…").
    static let consentRequired = 65001
    /// `/resetpassword/v1.0/start`: the account has no password to reset (an email-code account), or
    /// the tenant does not offer self-service password reset.
    static let userDoesNotHavePassword = 500222
    /// `/register/v1.0/challenge`: the verification contact is not valid (MSAL's `invalidVerificationContact`).
    static let invalidVerificationContact = 901001
    /// The continuation token is unknown or malformed (`invalid_request`).
    static let invalidContinuationToken = 55200
    /// The continuation token is expired (V1's `expired_token`, docs/PROTOCOL.md; V2 names no code
    /// of its own for it, so the number tells an expired token from an invalid one).
    static let expiredContinuationToken = 552_003
    /// Too many wrong codes or passwords: the account (or the flow) is locked (Entra's "account is
    /// locked" code; the server sends it without `invalid_oob_value`, so the flow ends).
    static let attemptLimitReached = 50053
}
