#if os(Linux)
import NativeAuth

/// The keyring store the CLI uses, with the name of the Secret Service found on the session bus (what
/// `status` shows). Forwards everything to ``SecretServiceTokenStore``.
final class KeyringStoreWithServiceName: NativeAuthTokenStore {
    let store: SecretServiceTokenStore
    /// "GNOME Keyring", "KWallet", …
    let serviceName: String

    init(_ store: SecretServiceTokenStore, serviceName: String) {
        self.store = store
        self.serviceName = serviceName
    }

    func read() throws -> TokenStoreContents { try store.read() }

    func modify<T>(_ body: (inout TokenStoreContents) throws -> T) throws -> T { try store.modify(body) }

    func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await store.withRefreshLock(body)
    }
}
#endif
