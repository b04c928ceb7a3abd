import NativeAuth

/// A token store that can say where it keeps tokens (for `status`) and check that a sign-in can be
/// saved there before anything is sent: the file, and on Linux the keyring.
protocol StorageLocation {
    /// For people: "keyring (GNOME Keyring)" or "file ~/…/tokens.json".
    var locationSummary: String { get }
    /// For `--json`: `{"kind": "keyring", "service": …}` or `{"kind": "file", "path": …}`.
    var locationJSON: [String: String] { get }
    /// Throws when a sign-in could not be saved here now.
    func checkAccess() throws
}

extension FileTokenStore: StorageLocation {
    var locationSummary: String { "file \(fileURL.path)" }
    var locationJSON: [String: String] { ["kind": "file", "path": fileURL.path] }
}

#if os(Linux)
extension KeyringStoreWithServiceName: StorageLocation {
    var locationSummary: String { "keyring (\(serviceName))" }
    var locationJSON: [String: String] { ["kind": "keyring", "service": serviceName] }
    func checkAccess() throws { try store.checkAccess() }
}
#endif
