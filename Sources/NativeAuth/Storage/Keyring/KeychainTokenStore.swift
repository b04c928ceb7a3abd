#if canImport(Security)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Security

/// A token store kept in the Keychain on Apple platforms: the accounts and their tokens are one
/// generic password item (service ``service``, account `tokens`), readable after the device's first
/// unlock (`kSecAttrAccessibleAfterFirstUnlock`); removing the last account deletes the item.
///
/// Changes and the refresh lock are serialised across processes with lock files in `directory`, as
/// ``FileTokenStore`` does (the lock files hold no secret).
///
/// ```swift
/// let store = try KeychainTokenStore(service: "com.example.myapp.tokens", directory: FileTokenStore.defaultDirectory())
/// ```
///
/// - Important: NativeAuth is built and tested on Linux; this store compiles on Apple platforms but
///   is untested there.
public final class KeychainTokenStore: NativeAuthTokenStore {
    /// The item's service (`kSecAttrService`).
    public let service: String
    /// The lock files (its own contents stay empty).
    private let locks: FileTokenStore

    /// Opens the store of the Keychain item `service`, with its lock files in `directory`.
    /// `whenWaiting` is called when an operation has waited a second for another holder of a lock, as
    /// for ``FileTokenStore/init(directory:fileName:whenWaiting:)``.
    /// - Throws: ``TokenStoreError`` when the folder is refused.
    public init(service: String, directory: URL, whenWaiting: (@Sendable () -> Void)? = nil) throws {
        self.service = service
        locks = try FileTokenStore(directory: directory, fileName: "keychain.lock.json", whenWaiting: whenWaiting)
    }

    /// Returns the contents of the item (empty contents when there is none).
    /// - Throws: ``TokenStoreError``: `.unavailable` when the Keychain refuses, `.corrupt` when the item
    ///   does not decode.
    public func read() throws -> TokenStoreContents {
        try locks.modify { _ in try load() }
    }

    /// Reads the item under the exclusive lock, lets `body` change the contents, and writes them back
    /// when they changed. Nothing is written when `body` throws.
    public func modify<T>(_ body: (inout TokenStoreContents) throws -> T) throws -> T {
        try locks.modify { _ in
            let original = try load()
            var contents = original
            let result = try body(&contents)
            if contents != original { try save(contents) }
            return result
        }
    }

    /// Runs `body` holding the refresh lock (`refresh.lock` in the lock folder).
    public func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try await locks.withRefreshLock(body)
    }

    private var query: [String: Any] {
        [kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: "tokens"]
    }

    private func load() throws -> TokenStoreContents {
        var search = query
        search[kSecReturnData as String] = true
        search[kSecMatchLimit as String] = kSecMatchLimitOne
        var found: CFTypeRef?
        let status = SecItemCopyMatching(search as CFDictionary, &found)
        if status == errSecItemNotFound { return TokenStoreContents() }
        guard status == errSecSuccess, let data = found as? Data else { throw refused(status, "read") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = StoreDates.decoding
        do {
            return try decoder.decode(TokenStoreContents.self, from: data)
        } catch {
            throw TokenStoreError(
                .corrupt, path: nil,
                message: "The Keychain item \(service) is not a NativeAuth token store; nothing was changed.")
        }
    }

    private func save(_ contents: TokenStoreContents) throws {
        if contents.storedAccounts.isEmpty {
            let status = SecItemDelete(query as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw refused(status, "delete") }
            return
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = StoreDates.encoding
        let data = try encoder.encode(contents)
        var status = SecItemUpdate(query as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        if status == errSecItemNotFound {
            var item = query
            item[kSecValueData as String] = data
            item[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlock
            item[kSecAttrLabel as String] = "\(service): NativeAuth tokens"
            status = SecItemAdd(item as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw refused(status, "write") }
    }

    private func refused(_ status: OSStatus, _ action: String) -> TokenStoreError {
        let reason = SecCopyErrorMessageString(status, nil).map { $0 as String } ?? "status \(status)"
        return TokenStoreError(.unavailable, path: nil, message: "Could not \(action) the Keychain item \(service): \(reason).")
    }
}
#endif
