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
/// through a link, only the user's own (``PrivateDirectory``, ``PrivateFile``, ``AtomicFile``).
struct RememberedCAFiles {
    static let fileName = "ca-files.json"

    /// The token store's folder.
    let directory: URL

    /// The CA files of the token store of `options` (its `--store-dir`, else the default folder).
    init(_ options: SharedOptions, in environment: CommandEnvironment) {
        directory = TokenStorage.directory(options, in: environment)
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
        var entries = entries()
        entries[key] = URL(fileURLWithPath: path).standardizedFileURL.path
        try write(entries)
    }

    /// Forgets the CA files of the places stored under `keys` (nothing is written when none is remembered).
    func forget(storedKeys keys: Set<String>) throws(FileSystemError) {
        var entries = entries()
        let before = entries.count
        entries = entries.filter { !keys.contains($0.key) }
        if entries.count != before { try write(entries) }
    }

    /// After `removed` signed out: forgets the CA files of their places where none of `remaining`
    /// is stored (best effort: the sign-out itself is done).
    func forgetPlacesLeft(by removed: [NativeAuthStoredAccount], remaining: [NativeAuthStoredAccount]) {
        let left = Set(removed.map(\.storageAuthority)).subtracting(remaining.map(\.storageAuthority))
        if !left.isEmpty { try? forget(storedKeys: left) }
    }

    /// Every remembered CA file by storage key; none when the file is missing or cannot be read.
    private func entries() -> [String: String] {
        guard let folder = try? PrivateDirectory.open(directory.path, create: false),
              let data = try? PrivateFile.read(Self.fileName, in: folder)
        else { return [:] }
        return (try? JSONDecoder().decode([String: String].self, from: data)) ?? [:]
    }

    private func write(_ entries: [String: String]) throws(FileSystemError) {
        guard let folder = try PrivateDirectory.open(directory.path, create: true) else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(entries) else { return }
        try AtomicFile.write(data, in: folder, name: Self.fileName)
    }
}
