/// The service's error envelope (docs/PROTOCOL.md §11): `error`, `error_description` (the summary,
/// trace and correlation IDs and time on lines of their own), `error_codes`, `timestamp`, `trace_id`,
/// `correlation_id`, and where the error has them `suberror`, `continuation_token`, sign-up's
/// `required_attributes` and `invalid_attributes`, and V2's entry links `sign_in`, `sign_up`,
/// `reset_password` (`authorize-challenge`'s 401 is this envelope).
struct ProtocolErrorBody: Encodable, Sendable {
    /// One entry of `required_attributes`: `{"name", "type", "required", "options": {"regex"}}`.
    struct RequiredAttribute: Encodable, Sendable {
        /// `{"regex"}`: the pattern a value must match.
        struct Options: Encodable, Sendable {
            let regex: String
        }

        let name: String
        /// `string`, `boolean` or `int`.
        let type: String
        let required: Bool
        let options: Options?
    }

    /// One entry of `invalid_attributes`: `{"name"}`.
    struct AttributeName: Encodable, Sendable {
        let name: String
    }

    let error: String
    let errorDescription: String
    let errorCodes: [Int]
    let timestamp: String
    let traceId: String
    let correlationId: String
    let suberror: String?
    let continuationToken: String?
    let requiredAttributes: [RequiredAttribute]?
    let invalidAttributes: [AttributeName]?
    /// V2's entry answer: the hrefs of the three journeys.
    var signIn: String? = nil
    var signUp: String? = nil
    var resetPassword: String? = nil

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
        case errorCodes = "error_codes"
        case timestamp
        case traceId = "trace_id"
        case correlationId = "correlation_id"
        case suberror
        case continuationToken = "continuation_token"
        case requiredAttributes = "required_attributes"
        case invalidAttributes = "invalid_attributes"
        case signIn = "sign_in"
        case signUp = "sign_up"
        case resetPassword = "reset_password"
    }
}
