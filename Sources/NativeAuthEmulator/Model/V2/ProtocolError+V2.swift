/// How a ``ProtocolError`` reads on V2's `/api/…` steps (``HALErrorBody``), and the errors only V2 has.
///
/// V2's steps run V1's rules (users, codes, policies, guessing limits), so they fail with V1's
/// errors; the nested envelope names them in camelCase (`invalid_grant` → `invalidGrant`), with an
/// inner code for the finer reason: the suberror (`password_too_weak` → `passwordTooWeak`; a wrong
/// code keeps `invalid_oob_value`, as the sources show it), or what the AADSTS number means
/// (``v2InnerCodes``). An expired continuation token is `invalidRequest` like an invalid one.
/// Entries of the catalogue may name their V2 codes themselves (``ProtocolError/v2Code``).
extension ProtocolError {
    /// The inner codes of V2 errors that V1 tells apart by number alone.
    static let v2InnerCodes: [Int: String] = [
        55200: "invalidContinuationToken",
        552_003: "invalidContinuationToken",
        50126: "invalidUserNameOrPassword",
        50053: "attemptsExceeded",
    ]

    /// `error.code` and `error.innerError.code` of the nested envelope.
    var v2Codes: (code: String, inner: String?) {
        let outer = v2Code ?? Self.camelCase(error == "expired_token" ? "invalid_request" : error)
        if let v2InnerCode { return (outer, v2InnerCode) }
        if let suberror { return (outer, suberror == "invalid_oob_value" ? suberror : Self.camelCase(suberror)) }
        return (outer, code.flatMap { Self.v2InnerCodes[$0] })
    }

    /// This error in V2's nested envelope.
    func halBody(correlationId: String, traceId: String, timestamp: String) -> HALErrorBody {
        let codes = v2Codes
        return HALErrorBody(error: .init(code: codes.code, message: summary, innerError: codes.inner.map(HALErrorBody.Detail.Inner.init(code:)),
                                         invalidAttributes: invalidAttributes, correlationId: correlationId, traceId: traceId,
                                         timestamp: timestamp))
    }

    /// `snake_case` as `camelCase`.
    static func camelCase(_ text: String) -> String {
        let words = text.split(separator: "_")
        guard let first = words.first else { return text }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// The errors only V2 has.
extension ProtocolError {
    /// The first answer of `authorize-challenge`: not a failure, the invitation to follow a journey's
    /// link with `continuationToken` (HTTP 401, the flat OAuth envelope; no public source gives it a number).
    static func insufficientAuthorization(continuationToken: String, links: JourneyLinks) -> ProtocolError {
        ProtocolError(status: .unauthorized, error: "InsufficientAuthorization", code: nil,
                      message: "Authentication is required: follow the link of a journey (sign_in, sign_up, reset_password) with the continuation token.",
                      continuationToken: continuationToken, journeyLinks: links)
    }

    /// A step's path names a method (its type and id) the flow does not offer at this step.
    static func unknownMethod(_ type: String, _ id: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 90100,
                      message: "The method '\(type.prefix(16))/\(id.prefix(64))' in the path is not one this step of the flow offers.")
    }

    /// A step's JSON body lacks `name` (or it is empty).
    static func missingMember(_ name: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 900_144, message: "The request body must contain the following member: '\(name)'.")
    }

    /// A sign-up's page of attributes names the address with one that has an account, or is not an address.
    static let invalidSignUpAddress = ProtocolError(
        error: "invalid_request", code: 90100, message: "email attribute is empty or not valid: the sign-up needs an email address.")
}
