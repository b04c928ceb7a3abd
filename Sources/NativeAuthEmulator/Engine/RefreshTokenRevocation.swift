/// Revoking a user's refresh tokens: a password reset ends every session that signed in before it.
enum RefreshTokenRevocation {
    /// Marks every refresh token of `userKey` revoked (presenting one then says `invalid_grant` 70000,
    /// "revoked"); returns how many were live.
    @discardableResult
    static func revokeAll(of userKey: String, in state: inout EmulatorState) -> Int {
        var revoked = 0
        for (digest, var record) in state.refreshTokens where record.userKey == userKey && !record.revoked {
            if record.rotatedAt == nil { revoked += 1 }
            record.revoked = true
            state.refreshTokens[digest] = record
        }
        return revoked
    }
}
