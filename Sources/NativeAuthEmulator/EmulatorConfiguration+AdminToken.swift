import NativeAuthShared

extension EmulatorConfiguration {
    /// A new random admin token: 32 bytes from the system's secure generator, base64url (43 characters).
    ///
    /// ```swift
    /// var configuration = EmulatorConfiguration()
    /// configuration.adminToken = EmulatorConfiguration.makeAdminToken()
    /// ```
    public static func makeAdminToken() -> String {
        Secrets.opaqueToken(byteCount: 32)
    }
}
