#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthShared

/// The CA file a sign-in was given (`--ca-file` or `NATIVEAUTH_CA_FILE`) for an `https` place whose
/// server a private CA signed (`nativeauth emulator --tls`), remembered for that place: `token`,
/// `call`, `status --check` and a sign-in there again use it when they are given none, so the CA
/// is given once. It is forgotten when the place's last account signs out.
///
/// Kept in the token store's folder, in `ca-files.json` (each place's storage key and the file's
/// absolute path; no secret), read and written as every file of that private folder is: never
/// through a link, only the user's own (``PrivateDirectory``, ``PrivateFile``, ``AtomicFile``), and
/// changed under the lock `ca-files.json.lock` beside it.
struct RememberedCAFiles {
    static let fileName = "ca-files.json"

    /// The token store's folder.
    let directory: URL

    /// The CA files of the token store of `options` (its `--store-dir`, else the default folder).
    init(_ options: SharedOptions, in environment: CommandEnvironment) {
        self.init(directory: TokenStorage.directory(options, in: environment))
    }

    /// The CA files remembered in the token store folder `directory`.
    init(directory: URL) {
        self.directory = directory
    }

    /// The remembered CA files as the file holds them now, read once: to look up many places
    /// (`status`'s accounts) without reading it for each.
    struct Snapshot {
        fileprivate let entries: [String: String]

        /// The CA file remembered for `location`, if any.
        func file(for location: SignInLocation) -> String? {
            entries.first { location.matches(storedKey: $0.key) }?.value
        }

        /// The CA file remembered for the place stored under `key`, if any.
        func file(forStoredKey key: String) -> String? {
            SignInLocation(stored: key).flatMap(file(for:))
        }
    }

    /// Reads the remembered CA files (none when the file is missing or cannot be read).
    func read() -> Snapshot {
        Snapshot(entries: entries())
    }

    /// The CA file remembered for `location`, if any.
    func file(for location: SignInLocation) -> String? {
        read().file(for: location)
    }

    /// The CA file remembered for the place stored under `key`, if any.
    func file(forStoredKey key: String) -> String? {
        read().file(forStoredKey: key)
    }

    /// Remembers `path` (made absolute) for the place stored under `key`.
    func remember(_ path: String, forStoredKey key: String) throws(FileSystemError) {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
        try change { entries in
            guard entries[key] != absolute else { return false }
            entries[key] = absolute
            return true
        }
    }

    /// Forgets the CA files of the places stored under `keys` (nothing is written when none is remembered).
    func forget(storedKeys keys: Set<String>) throws(FileSystemError) {
        guard read().entries.keys.contains(where: keys.contains) else { return }  // no folder or lock file made
        try change { entries in
            let before = entries.count
            entries = entries.filter { !keys.contains($0.key) }
            return entries.count != before
        }
    }

    /// After `removed` signed out: forgets the CA files of their places where none of `remaining`
    /// is stored (best effort: the sign-out itself is done).
    func forgetPlacesLeft(by removed: [NativeAuthStoredAccount], remaining: [NativeAuthStoredAccount]) {
        let left = Set(removed.map(\.storageAuthority)).subtracting(remaining.map(\.storageAuthority))
        if !left.isEmpty { try? forget(storedKeys: left) }
    }

    /// Every remembered CA file by storage key; none when the file is missing or cannot be read.
    private func entries() -> [String: String] {
        guard let folder = try? PrivateDirectory.open(directory.path, create: false) else { return [:] }
        return entries(in: folder)
    }

    /// Every remembered CA file by storage key in the opened `folder`.
    private func entries(in folder: DirectoryHandle) -> [String: String] {
        guard let data = try? PrivateFile.read(Self.fileName, in: folder) else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    /// Reads the entries, lets `body` change them, and writes them when it says it did: all under the
    /// exclusive lock on `ca-files.json.lock`, so that two processes changing them at once (sign-ins
    /// at two places, a sign-out) each see the other's change and none is lost.
    private func change(_ body: (inout [String: String]) -> Bool) throws(FileSystemError) {
        guard let folder = try PrivateDirectory.open(directory.path, create: true) else { return }
        try FileLock.withLock(in: folder, name: Self.fileName + ".lock", mode: .exclusive, mapFailure: { $0 }) { () throws(FileSystemError) in
            var entries = entries(in: folder)
            guard body(&entries) else { return }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(entries) else { return }
            try AtomicFile.write(data, in: folder, name: Self.fileName)
        }
    }
}
