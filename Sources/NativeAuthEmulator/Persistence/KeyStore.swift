import Foundation

/// Loads the signing key from the state directory, creating it under the directory's lock on first
/// start so that processes starting together agree on one key.
enum KeyStore {
    static func load(directory: URL?) throws -> SigningKey {
        guard let directory else { return try SharedInMemoryKey.get() }
        try FileSystem.makePrivateDirectory(directory)
        let file = directory.appendingPathComponent("signing-key.pem")
        return try FileSystem.withExclusiveLock(directory.appendingPathComponent("state.lock")) {
            if let data = FileSystem.read(file) {
                return try SigningKey(pem: String(decoding: data, as: UTF8.self))
            }
            let key = try SigningKey.generate()
            try FileSystem.atomicWrite(Data(key.pem.utf8), to: file)
            return key
        }
    }
}
