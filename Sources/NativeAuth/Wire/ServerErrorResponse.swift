import Foundation

/// A protocol error as the server sent it (an HTTP 400 body).
///
/// `error` and `suberror` are open sets: a string the library does not know still decodes.
public struct ServerErrorResponse: Sendable, Equatable, Decodable {
    /// The error class, such as `invalid_grant`.
    public var error: ServerErrorCode
    /// The refinement, such as `invalid_oob_value`.
    public var suberror: ServerSubError?
    /// The server's text; meant for logs, not for people.
    public var errorDescription: String?
    /// The AADSTS numbers.
    public var errorCodes: [Int]
    /// The server's correlation ID, if it sent one.
    public var correlationId: String?
    /// The server's trace ID, if it sent one.
    public var traceId: String?
    /// A continuation token that lets the flow go on, for the errors that carry one.
    var continuationToken: String?

    enum CodingKeys: String, CodingKey {
        case error, suberror
        case errorDescription = "error_description"
        case errorCodes = "error_codes"
        case correlationId = "correlation_id"
        case traceId = "trace_id"
        case continuationToken = "continuation_token"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        error = try container.decode(ServerErrorCode.self, forKey: .error)
        suberror = try container.decodeIfPresent(ServerSubError.self, forKey: .suberror)
        errorDescription = try container.decodeIfPresent(String.self, forKey: .errorDescription)
        errorCodes = (try? container.decodeIfPresent([Int].self, forKey: .errorCodes)) ?? []
        correlationId = try? container.decodeIfPresent(String.self, forKey: .correlationId)
        traceId = try? container.decodeIfPresent(String.self, forKey: .traceId)
        continuationToken = try? container.decodeIfPresent(String.self, forKey: .continuationToken)
    }

    init(error: ServerErrorCode, suberror: ServerSubError? = nil, errorDescription: String? = nil,
         errorCodes: [Int] = [], correlationId: String? = nil) {
        self.error = error
        self.suberror = suberror
        self.errorDescription = errorDescription
        self.errorCodes = errorCodes
        self.correlationId = correlationId
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

    public static let invalidRequest = Self(rawValue: "invalid_request")
    public static let invalidClient = Self(rawValue: "invalid_client")
    public static let unauthorizedClient = Self(rawValue: "unauthorized_client")
    public static let invalidGrant = Self(rawValue: "invalid_grant")
    public static let expiredToken = Self(rawValue: "expired_token")
    public static let expiredRefreshToken = Self(rawValue: "expired_refresh_token")
    public static let userNotFound = Self(rawValue: "user_not_found")
    public static let unsupportedChallengeType = Self(rawValue: "unsupported_challenge_type")
    public static let invalidScope = Self(rawValue: "invalid_scope")
    public static let unsupportedGrantType = Self(rawValue: "unsupported_grant_type")
    public static let accessDenied = Self(rawValue: "access_denied")
}

/// The `suberror` of a protocol error: an open set of strings with the known ones named.
public struct ServerSubError: RawRepresentable, Hashable, Sendable, Decodable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public var description: String { rawValue }

    public static let invalidOOBValue = Self(rawValue: "invalid_oob_value")
    public static let mfaRequired = Self(rawValue: "mfa_required")
    public static let registrationRequired = Self(rawValue: "registration_required")
    public static let nativeAuthAPIDisabled = Self(rawValue: "nativeauthapi_disabled")
}

/// AADSTS numbers the library interprets. The protocol reference warns that codes may change, so the
/// library branches on `error` and `suberror` first and uses these only where the SDKs do.
enum AADSTSCode {
    static let userNotFound = 50034
    static let invalidCredentials = 50126
    static let invalidParameter = 90100
}
