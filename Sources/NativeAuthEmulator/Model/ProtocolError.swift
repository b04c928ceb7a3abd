import HTTPTypes

/// An error the emulator answers with HTTP 400 (or another status) and the service's error body
/// (``ProtocolErrorBody``). Thrown anywhere below the routes; it renders itself as the answer
/// (`HTTPResponseError`, in the HTTP layer), as an error page on a browser page.
struct ProtocolError: Error, Sendable {
    var status: HTTPResponse.Status = .badRequest
    var error: String
    /// The AADSTS number; nil for errors no public source gives a number for (then `error_codes` is
    /// empty and the description has no `AADSTSnnnnn: ` prefix).
    var code: Int?
    /// The text after `AADSTSnnnnn: `.
    var message: String
    var suberror: String?
    var continuationToken: String?
    /// Sign-up's `required_attributes`: what the account still lacks.
    var requiredAttributes: [ProtocolErrorBody.RequiredAttribute]?
    /// Sign-up's `invalid_attributes`: the names of the values refused.
    var invalidAttributes: [String]?
    /// V2's entry answer (`authorize-challenge`'s 401): the journeys' links, flat beside the error.
    var journeyLinks: JourneyLinks? = nil
    /// The codes of V2's nested envelope, where the catalogue gives them; else they are derived from
    /// the V1 ones (``v2Codes``).
    var v2Code: String? = nil
    var v2InnerCode: String? = nil

    /// `AADSTSnnnnn: message`, or just the message when the error has no number.
    var summary: String {
        code.map { "AADSTS\($0): \(message)" } ?? message
    }

    /// The `error_codes` value as JSON text: `[50126]`, or `[]`.
    var codesText: String {
        code.map { "[\($0)]" } ?? "[]"
    }

    /// The service's error envelope for this error.
    func body(correlationId: String, traceId: String, timestamp: String) -> ProtocolErrorBody {
        ProtocolErrorBody(
            error: error,
            errorDescription: "\(summary)\r\nTrace ID: \(traceId)\r\nCorrelation ID: \(correlationId)\r\nTimestamp: \(timestamp)",
            errorCodes: code.map { [$0] } ?? [], timestamp: timestamp, traceId: traceId, correlationId: correlationId,
            suberror: suberror, continuationToken: continuationToken, requiredAttributes: requiredAttributes,
            invalidAttributes: invalidAttributes?.map(ProtocolErrorBody.AttributeName.init(name:)),
            signIn: journeyLinks?.signIn, signUp: journeyLinks?.signUp, resetPassword: journeyLinks?.resetPassword)
    }
}

/// The error catalogue the emulator uses (docs/PROTOCOL.md §11).
extension ProtocolError {
    static func malformedRequest(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 9_002_313, message: "Invalid request. Request is malformed or invalid: \(why)")
    }

    static func missingParameter(_ name: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 900_144, message: "The request body must contain the following parameter: '\(name)'.")
    }

    static let invalidClientId = ProtocolError(
        error: "invalid_request", code: 90100, message: "client_id parameter is empty or not valid.")

    static func unknownClient(_ clientId: String) -> ProtocolError {
        ProtocolError(error: "unauthorized_client", code: 700_016,
                      message: "Application with identifier '\(clientId)' was not found in the directory.")
    }

    static let invalidUsername = ProtocolError(
        error: "invalid_request", code: 90100, message: "username parameter is empty or not valid.")

    static let userNotFound = ProtocolError(
        error: "user_not_found", code: 50034, message: "The user account does not exist in this directory.")

    static let missingRedirect = ProtocolError(
        error: "invalid_request", code: 901_007,
        message: "The challenge_type list parameter does not include the 'redirect' type.")

    static func unsupportedChallengeType(_ value: String) -> ProtocolError {
        ProtocolError(error: "unsupported_challenge_type", code: 90100,
                      message: "The challenge_type list contains an unsupported value '\(value)'. Supported: oob, password, redirect.")
    }

    static func invalidContinuationToken(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 55200,
                      message: "The continuation_token provided is not valid for this endpoint: \(why)")
    }

    static let expiredContinuationToken = ProtocolError(
        error: "expired_token", code: 552_003, message: "The continuation_token is expired.")

    static let wrongCode = ProtocolError(
        error: "invalid_grant", code: 50181, message: "The code is incorrect. Try again or request a new code.",
        suberror: "invalid_oob_value")

    static let expiredCode = ProtocolError(
        error: "invalid_grant", code: 50181, message: "The code has expired. Request a new code.",
        suberror: "invalid_oob_value")

    static let wrongPassword = ProtocolError(
        error: "invalid_grant", code: 50126, message: "Error validating credentials due to invalid username or password.")

    /// The wrong code or password that used up the flow's attempts: Entra's "account is locked" code,
    /// without `invalid_oob_value`, so clients end the flow instead of asking again.
    static func tooManyAttempts(of what: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 50053,
                      message: "The account is locked: too many wrong \(what) in this sign-in. Start a new sign-in.")
    }

    static func unsupportedGrantType(_ value: String) -> ProtocolError {
        ProtocolError(error: "unsupported_grant_type", code: 70003,
                      message: "The app requested an unsupported grant type '\(value)'.")
    }

    static func invalidScope(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_scope", code: 70011, message: "The provided value for the input parameter 'scope' is not valid. \(why)")
    }

    static func invalidRefreshToken(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_grant", code: 70000, message: "Provided grant is invalid or malformed: \(why)")
    }

    static let expiredRefreshToken = ProtocolError(
        error: "invalid_grant", code: 700_082, message: "The refresh token has expired due to inactivity.")

    /// A sign-in or a refresh of an account an administrator disabled (AADSTS50057).
    static let userDisabled = ProtocolError(error: "invalid_grant", code: 50057, message: "The user account is disabled.")

    static func unknownTenant(_ tenant: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 90002, message: "Tenant '\(tenant)' not found.")
    }

    static func notFound(_ path: String) -> ProtocolError {
        ProtocolError(status: 404, error: "not_found", code: 90027, message: "No endpoint at '\(path)'.")
    }

    static func methodNotAllowed(_ method: String) -> ProtocolError {
        ProtocolError(status: 405, error: "invalid_request", code: 90056, message: "Method \(method) is not allowed on this endpoint.")
    }
}
