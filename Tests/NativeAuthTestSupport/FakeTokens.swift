import Foundation
import NativeAuthShared

/// Fake tokens with the real shapes, for tests that build responses by hand. Nothing here is a real secret.
public enum FakeTokens {
    /// The claims of the fake ID token the recordings use.
    public static let claims: [String: String] = [
        "aud": "00001111-aaaa-2222-bbbb-3333cccc4444",
        "iss": "https://aaaabbbb-0000-cccc-1111-dddd2222eeee.ciamlogin.com/aaaabbbb-0000-cccc-1111-dddd2222eeee/v2.0",
        "name": "Fake User",
        "oid": "00000000-0000-0000-0000-0000000fa4e1",
        "preferred_username": "user@example.com",
        "sub": "fake-subject-not-a-real-user",
        "tid": "aaaabbbb-0000-cccc-1111-dddd2222eeee",
        "ver": "2.0",
    ]

    /// An unsigned JWT (`header.payload.signature`, base64url) carrying `claims`.
    public static func idToken(_ claims: [String: String] = claims) -> String {
        let header = Base64URL.encode(#"{"alg":"none","typ":"JWT"}"#)
        let payload = Base64URL.encode((try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data())
        return "\(header).\(payload).\(Base64URL.encode("fake-signature"))"
    }

    /// A token response body.
    public static func tokenResponse(
        accessToken: String, refreshToken: String?, expiresIn: Int = 3600, scope: String = "openid profile offline_access"
    ) -> String {
        var fields: [String: Any] = [
            "token_type": "Bearer", "scope": scope, "expires_in": expiresIn, "access_token": accessToken,
            "id_token": idToken(),
        ]
        if let refreshToken { fields["refresh_token"] = refreshToken }
        let data = (try? JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}
