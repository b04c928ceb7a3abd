#if os(Linux)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Where each account's keyring item was last seen: its D-Bus object path
/// (`/org/freedesktop/secrets/collection/login/7`), kept in `keyring-items.json` beside the account
/// list so that a read asks the keyring for the item directly (two calls to the keyring daemon instead
/// of libsecret's four; ``SecretServiceLibrary/secrets(atPaths:)``).
///
/// A path is a hint, never trusted: the item read through it must hold the account its place names
/// (``SecretServiceItem/account(from:expected:)``), else the account is looked up by its attributes
/// as before and the path learnt again. So the file holds no secret, a missing, stale or damaged file
/// costs only the slower read, and failing to write it fails nothing. It is written, like the account
/// list, under the store's exclusive lock.
struct SecretServiceItemPaths: Equatable {
    /// The file's name in the store's folder.
    static let fileName = "keyring-items.json"
    /// The largest file read (a path is about 50 bytes per account).
    static let maximumFileBytes = 256 * 1024

    /// The path of each account's item, by ``key(of:)``.
    private(set) var paths: [String: String] = [:]

    /// The key of `account`'s item: its place and identifier, as the item's attributes name them.
    static func key(of account: StoredAccount) -> String {
        [account.authority, account.clientId, account.identifier].joined(separator: "\n")
    }

    /// The path recorded for `account`'s item, if any.
    func path(of account: StoredAccount) -> String? {
        paths[Self.key(of: account)]
    }

    /// Records (or, with nil, forgets) the path of `account`'s item.
    mutating func set(_ path: String?, for account: StoredAccount) {
        paths[Self.key(of: account)] = path
    }

    /// Keeps only the paths of `accounts`.
    mutating func keepOnly(_ accounts: [StoredAccount]) {
        let keys = Set(accounts.map(Self.key(of:)))
        paths = paths.filter { keys.contains($0.key) }
    }

    /// The paths recorded in `directory`; none when the file is missing, not ours, too large or not
    /// what this type writes.
    static func load(from directory: URL) -> SecretServiceItemPaths {
        let path = directory.appendingPathComponent(fileName).path
        guard let data = try? PrivateFile.read(path, limit: maximumFileBytes), data.count <= maximumFileBytes,
              let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1
        else { return SecretServiceItemPaths() }
        return SecretServiceItemPaths(paths: file.paths)
    }

    /// Writes the paths to `directory` (atomically, 0600); a failure is ignored, as the file is a hint.
    func save(to directory: URL) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(File(version: 1, paths: paths)) else { return }
        try? AtomicFile.write(data, to: directory.appendingPathComponent(Self.fileName).path)
    }

    private struct File: Codable {
        var version: Int
        var paths: [String: String]
    }
}
#endif
