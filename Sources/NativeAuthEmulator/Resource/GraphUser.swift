/// The signed-in user as Graph's `/v1.0/me` shows them (`$select` is not supported): what the token
/// says (name, username, object ID); the members the emulator knows nothing of are `null`.
struct GraphUser: Encodable, Sendable {
    let odataContext: String
    let businessPhones: [String] = []
    let displayName: Nullable<String>
    let givenName = Nullable<String>.null
    let jobTitle = Nullable<String>.null
    let mail: Nullable<String>
    let mobilePhone = Nullable<String>.null
    let officeLocation = Nullable<String>.null
    let preferredLanguage = Nullable<String>.null
    let surname = Nullable<String>.null
    let userPrincipalName: Nullable<String>
    let id: String

    /// The user of a verified token's `claims`, at the emulator's `baseURL`.
    init(claims: [String: Any], baseURL: String) {
        let username = claims["preferred_username"] as? String
        odataContext = "\(baseURL)/v1.0/$metadata#users/$entity"
        displayName = Nullable(claims["name"] as? String)
        mail = Nullable(username)
        userPrincipalName = Nullable(username)
        id = claims["oid"] as? String ?? ""
    }

    enum CodingKeys: String, CodingKey {
        case odataContext = "@odata.context"
        case businessPhones, displayName, givenName, jobTitle, mail, mobilePhone, officeLocation, preferredLanguage, surname
        case userPrincipalName, id
    }
}
