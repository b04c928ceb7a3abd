/// `client_info` before base64url: `{"uid", "utid"}`, the user's and the tenant's IDs, which MSAL
/// keys its cache with.
struct ClientInfo: Encodable, Sendable {
    let uid: String
    let utid: String
}
