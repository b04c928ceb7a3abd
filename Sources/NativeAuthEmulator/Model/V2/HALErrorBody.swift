/// V2's error envelope on the `/api/…` steps (docs/EMULATOR.md "API V2"): the error nested under
/// `error`, camelCase, `{"error": {"code", "message", "innerError": {"code"}, "correlationId",
/// "traceId", "timestamp"}}`, and a sign-up's refused attributes as `invalidAttributes` (a list of names). The OAuth endpoints (`authorize-challenge`, `/token`) keep the flat
/// ``ProtocolErrorBody``.
struct HALErrorBody: Encodable, Sendable {
    /// The nested error.
    struct Detail: Encodable, Sendable {
        /// `innerError`: the finer reason.
        struct Inner: Encodable, Sendable {
            let code: String
        }

        let code: String
        /// `AADSTSnnnnn: …` when the error has a number (clients read the numbers from the text).
        let message: String
        let innerError: Inner?
        /// A sign-up's refused attributes, by name (as V1's `invalid_attributes`).
        let invalidAttributes: [String]?
        let correlationId: String
        let traceId: String
        let timestamp: String
    }

    let error: Detail
}
