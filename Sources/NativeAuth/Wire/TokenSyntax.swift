/// What a token a server issues may hold.
///
/// - A token that is sent as a credential (the access token, in `Authorization: Bearer …`) or read as a
///   JWT (the ID token): RFC 6750's `b64token`, one or more of `A-Z a-z 0-9 - . _ ~ + /` followed by
///   any number of `=`. JWTs (base64url parts joined by dots) are within it.
/// - A refresh token, which only goes back to the server in a form body: RFC 6749's `refresh-token`
///   (Appendix A.17, `1*VSCHAR`) without the space, so any visible ASCII character. Entra's refresh
///   tokens are base64url with dots, but the protocol lets them be any opaque string (Microsoft
///   account refresh tokens hold `*`, `!` and `$`), and refusing one would refuse every sign-in.
///
/// The tokens of a `/token` answer are checked as they are decoded: a token with anything else (a
/// control, a line feed, a space, a non-ASCII character) is an answer the protocol does not allow,
/// so it is never stored and never printed, and no app that puts a token in an
/// `Authorization: Bearer …` header can be made to send a header of its own.
enum TokenSyntax {
    /// Whether `token` is a `b64token` (an access token, an ID token).
    static func isValid(_ token: String) -> Bool {
        let scalars = token.unicodeScalars
        guard let last = scalars.lastIndex(where: { $0 != "=" }) else { return false }
        return scalars[...last].allSatisfy(isTokenCharacter)
    }

    /// Whether `token` is a refresh token: one or more visible ASCII characters.
    static func isValidRefreshToken(_ token: String) -> Bool {
        !token.isEmpty && token.unicodeScalars.allSatisfy { ("!"..."~").contains($0) }
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~", "+", "/": return true
        default: return false
        }
    }
}
