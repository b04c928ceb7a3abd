import Foundation

/// Loads the signing key from the state directory, creating it under the directory's lock on first
/// start so that processes starting together agree on one key. Only a missing key file is created;
/// one that cannot be read or is not a key is an error naming the file, and is left as it is.
enum KeyStore {
    static func load(directory: URL?) throws -> SigningKey {
        guard let directory else { return try SharedInMemoryKey.get() }
        let folder = try StateFolder.open(directory)
        let file = "signing-key.pem"
        return try folder.withExclusiveLock {
            if let data = try folder.readIfPresent(file) {
                do {
                    return try SigningKey(pem: String(decoding: data, as: UTF8.self))
                } catch {
                    throw PersistenceError(description: "\(folder.path(of: file)) is not a valid RSA private key in PEM (\(error)); "
                        + "it was left as it is. Move it away to have a new key made (tokens signed with the old one then fail to verify).")
                }
            }
            let key = try SigningKey.generate()
            try folder.atomicWrite(Data(key.pem.utf8), to: file)
            return key
        }
    }

    /// Writes the admin token to `admin-token` in the state directory (mode 0600), so that the
    /// directory's owner can read it and nobody else.
    static func writeAdminToken(_ token: String, directory: URL) throws {
        let folder = try StateFolder.open(directory)
        try folder.withExclusiveLock {
            try folder.atomicWrite(Data((token + "\n").utf8), to: "admin-token")
        }
    }
}
