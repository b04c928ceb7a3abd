/// What a token a server issues may hold: RFC 6750's `b64token`, one or more of `A-Z a-z 0-9 - . _ ~ + /`
/// followed by any number of `=`. JWTs (base64url parts joined by dots) and Entra's opaque refresh
/// tokens are within it.
///
/// The access, refresh and ID tokens of a `/token` answer are checked against it as they are
/// decoded: a token with anything else (a control, a line feed, a space, a non-ASCII character) is
/// an answer the protocol does not allow, so it is never stored and never printed, and no app that
/// puts a token in an `Authorization: Bearer …` header can be made to send a header of its own.
enum TokenSyntax {
    /// Whether `token` is a `b64token`.
    static func isValid(_ token: String) -> Bool {
        let scalars = token.unicodeScalars
        guard let last = scalars.lastIndex(where: { $0 != "=" }) else { return false }
        return scalars[...last].allSatisfy(isTokenCharacter)
    }

    private static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "-", ".", "_", "~", "+", "/": return true
        default: return false
        }
    }
}
