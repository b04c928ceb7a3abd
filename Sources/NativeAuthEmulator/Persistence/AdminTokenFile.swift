import Foundation

/// `admin-token` in the state folder: the admin token, for the folder's owner to read.
enum AdminTokenFile {
    /// Writes `token` to `admin-token` in the state directory (mode 0600), so that the directory's
    /// owner can read it and nobody else.
    static func write(_ token: String, directory: URL) throws {
        let folder = try StateFolder.open(directory)
        try folder.withExclusiveLock {
            try folder.atomicWrite(Data((token + "\n").utf8), to: AdminTokenLease.fileName)
        }
    }
}
