import Foundation

/// The `claims` parameter of a grant at `/oauth2/v2.0/token` (OpenID Connect Core §5.5), read for
/// the one member the emulator honours: `access_token.acrs`, the authentication contexts asked for,
/// as MSAL sends them (`{"access_token":{"acrs":{"essential":true,"value":"c1"}}}`; `values` takes
/// a list). Other members are accepted and ignored.
struct RequestedClaims: Sendable, Equatable {
    /// The authentication contexts asked for, in order, without repeats.
    var acrs: [String]

    /// The longest `claims` value read.
    static let maximumLength = 16 * 1024

    /// The claims of `form`, or nil when it has none.
    static func parse(_ form: FormBody) throws(ProtocolError) -> RequestedClaims? {
        guard let text = form.nonEmpty("claims") else { return nil }
        guard text.utf8.count <= maximumLength else { throw invalid("it is over \(maximumLength) bytes") }
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
            throw invalid("it is not a JSON object")
        }
        guard let accessToken = object["access_token"] else { return RequestedClaims(acrs: []) }
        guard let accessToken = accessToken as? [String: Any] else { throw invalid("access_token is not an object") }
        guard let acrs = accessToken["acrs"] else { return RequestedClaims(acrs: []) }
        guard let request = acrs as? [String: Any] else { throw invalid("access_token.acrs is not an object") }
        var ids: [String] = []
        if let value = request["value"] {
            guard let id = value as? String else { throw invalid("access_token.acrs.value is not a string") }
            ids.append(id)
        }
        if let values = request["values"] {
            guard let list = values as? [Any], list.count <= AuthenticationContext.maximumCount, list.allSatisfy({ $0 is String }) else {
                throw invalid("access_token.acrs.values is not a list of strings")
            }
            ids += list.compactMap { $0 as? String }
        }
        for id in ids where !isContextId(id) {
            throw invalid("'\(id.prefix(40))' is not an authentication context id (c1 to c99)")
        }
        var unique: [String] = []
        for id in ids where !unique.contains(id) { unique.append(id) }
        return RequestedClaims(acrs: unique)
    }

    /// `c1` to `c99`.
    static func isContextId(_ id: String) -> Bool {
        guard id.hasPrefix("c"), let number = Int(id.dropFirst()), (1...99).contains(number) else { return false }
        return id == "c\(number)"
    }

    /// The claims request for `ids`, as a claims challenge carries it (before base64):
    /// `{"access_token":{"acrs":{"essential":true,"value":"c1"}}}` (`values` for more than one).
    static func challengeJSON(_ ids: [String]) -> String {
        let acrs = ContextRequest(essential: true, value: ids.count == 1 ? ids[0] : nil, values: ids.count == 1 ? nil : ids)
        // Three strings and a Bool: nothing that JSONEncoder can refuse.
        return (try? JSONText.string(ClaimsRequestBody(accessToken: .init(acrs: acrs)))) ?? ""
    }

    /// `{"access_token": {"acrs": …}}`.
    private struct ClaimsRequestBody: Encodable {
        struct AccessToken: Encodable {
            let acrs: ContextRequest
        }

        let accessToken: AccessToken

        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
        }
    }

    /// `{"essential": true, "value": id}` or `{"essential": true, "values": [ids]}`.
    private struct ContextRequest: Encodable {
        let essential: Bool
        let value: String?
        let values: [String]?
    }

    private static func invalid(_ why: String) -> ProtocolError {
        ProtocolError(error: "invalid_request", code: 90015, message: "The claims parameter is not valid: \(why).")
    }
}
