/// `/oauth2/v2.0/devicecode`'s answer (RFC 8628 §3.2): the code the app polls with, the one the person
/// types on the verification page, where, for how long and how often to poll.
struct DeviceCodeAnswer: ProtocolAnswer {
    let userCode: String
    let deviceCode: String
    let verificationUri: String
    let expiresIn: Int
    let interval: Int
    /// What to tell the person.
    let message: String

    enum CodingKeys: String, CodingKey {
        case userCode = "user_code"
        case deviceCode = "device_code"
        case verificationUri = "verification_uri"
        case expiresIn = "expires_in"
        case interval
        case message
    }
}
