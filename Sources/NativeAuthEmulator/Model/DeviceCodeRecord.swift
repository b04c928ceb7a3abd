/// A device authorization (RFC 8628): the user code typed on the verification page, and what the
/// user decided.
struct DeviceCodeRecord: Codable, Sendable {
    enum Status: String, Codable, Sendable {
        case pending, approved, declined, locked, redeemed
    }

    var clientId: String
    var scopes: [String]
    var userCode: String
    var status: Status
    var userKey: String?
    var expiresAt: Double
    /// Seconds the client must wait between polls; `slow_down` adds 5.
    var interval: Int
    var lastPolledAt: Double?

    /// How long a device code is remembered after it expires, so a late poll says `expired_token`.
    static let retention: Double = 3600
}
