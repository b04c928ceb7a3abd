/// The API a flow was started through. A V1 flow (`/initiate`, `/signup/v1.0/start`,
/// `/resetpassword/v1.0/start`) has none on its record; a V2 journey (started at a link of
/// `authorize-challenge`'s answer) is ``v2``. Continuation tokens of one API are refused by the
/// other's endpoints: they are not interchangeable.
enum FlowAPI: String, Codable, Sendable {
    case v2

    /// How errors name a flow of `api` (nil: V1).
    static func name(of api: FlowAPI?) -> String {
        api == .v2 ? "native authentication V2 journey" : "native authentication V1 flow"
    }
}
