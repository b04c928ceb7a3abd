import Foundation
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A token store kept in one JSON file, safe for several threads and several processes at once.
///
/// The file lives in a folder only its owner may enter (mode 0700) and is only ever readable by its
/// owner (mode 0600). Every change is written to a new file that then atomically replaces the old
/// one, so readers never see a half-written store. ``modify(_:)`` and ``read()`` take an advisory
/// `flock(2)` lock on `<fileName>.lock`; ``withRefreshLock(_:)`` takes a separate lock on `refresh.lock`
/// in the same folder, so the body may call ``read()`` and ``modify(_:)``.
///
/// ```swift
/// let store = try FileTokenStore(directory: FileTokenStore.defaultDirectory())
/// let app = try NativeAuthPublicClientApplication(
///     clientId: clientId, tenantSubdomain: "contoso", challengeTypes: [.OOB],
///     tokenStore: store)
/// ```
///
/// Dates are stored as ISO 8601 strings to the whole second. A file that cannot be decoded is reported
/// as ``TokenStoreError/Reason/corrupt`` and is never overwritten.
public final class FileTokenStore: NativeAuthTokenStore {
    /// The folder holding the store's file and its lock files.
    public let directory: URL
    /// The name of the store's file inside ``directory``.
    public let fileName: String
    /// How long ``withRefreshLock(_:)`` waits for another holder before giving up.
    let refreshLockTimeout: Duration

    private let directoryPath: String
    private let filePath: String
    private let lockPath: String
    private let refreshLockPath: String

    /// The store's JSON file.
    public var fileURL: URL { URL(fileURLWithPath: filePath, isDirectory: false) }

    /// Opens the store kept in `fileName` inside `directory`, creating the folder (mode 0700) if needed.
    ///
    /// The file itself is created by the first change. A folder we own that others may read is
    /// tightened to mode 0700.
    ///
    /// - Throws: ``TokenStoreError`` when the folder cannot be created or is not a folder.
    public convenience init(directory: URL, fileName: String = "tokens.json") throws {
        try self.init(directory: directory, fileName: fileName, refreshLockTimeout: .seconds(60))
    }

    init(directory: URL, fileName: String, refreshLockTimeout: Duration) throws {
        guard directory.isFileURL else {
            throw TokenStoreError(
                .unwritable, path: directory.absoluteString,
                message: "The token store folder \(directory.absoluteString) is not a file URL.")
        }
        guard !fileName.isEmpty, fileName != ".", fileName != "..", !fileName.contains("/") else {
            throw TokenStoreError(
                .unwritable, path: fileName,
                message: "\"\(fileName)\" is not a valid token store file name: use a plain name such as tokens.json.")
        }
        let directory = directory.standardizedFileURL
        self.directory = directory
        self.fileName = fileName
        self.refreshLockTimeout = refreshLockTimeout
        directoryPath = directory.path
        filePath = directory.appendingPathComponent(fileName, isDirectory: false).path
        lockPath = directory.appendingPathComponent(fileName + ".lock", isDirectory: false).path
        refreshLockPath = directory.appendingPathComponent("refresh.lock", isDirectory: false).path
        try preparePrivateDirectory(directoryPath)
    }

    /// The conventional folder for the store: `$XDG_STATE_HOME/nativeauth`, else `~/.local/state/nativeauth`.
    public static func defaultDirectory() -> URL {
        defaultDirectory(environment: ProcessInfo.processInfo.environment, homeDirectory: NSHomeDirectory())
    }

    static func defaultDirectory(environment: [String: String], homeDirectory: String) -> URL {
        // The XDG Base Directory specification says relative paths are invalid and must be ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return URL(fileURLWithPath: state, isDirectory: true).appendingPathComponent("nativeauth", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? homeDirectory
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(".local/state/nativeauth", isDirectory: true)
    }

    /// Returns the stored contents, or empty contents when the file does not exist yet.
    ///
    /// Takes the shared lock. Do not call it inside the body of ``modify(_:)`` (that would wait for itself).
    ///
    /// - Throws: ``TokenStoreError`` with reason `.corrupt`, `.unsupportedVersion`, `.unreadable` or
    ///   `.lockFailed`.
    public func read() throws -> TokenStoreContents {
        // Writes replace the file atomically, so when the lock file cannot be opened (a read-only
        // folder) reading without the lock still sees a whole file.
        try FileLock.withLock(
            path: lockPath, mode: .shared, unlockedIfUnavailable: true,
            mapFailure: { TokenStoreError($0, openFailure: .unreadable) }
        ) {
            try load()
        }
    }

    /// Reads the contents under the exclusive lock, lets `body` change them, and writes them back when
    /// they changed. Nothing is written when `body` throws.
    ///
    /// Waits (blocking the thread) while another thread or process holds the lock; holders only hold it
    /// for a read and a write. Do not call ``read()`` or `modify` inside `body`.
    ///
    /// - Throws: what `body` throws, or ``TokenStoreError``. A corrupt file is reported and left untouched.
    public func modify<T>(_ body: (inout TokenStoreContents) throws -> T) throws -> T {
        try preparePrivateDirectory(directoryPath)
        return try FileLock.withLock(path: lockPath, mode: .exclusive, mapFailure: { TokenStoreError($0) }) {
            let original = try load()
            var contents = original
            let result = try body(&contents)
            if contents != original {
                try save(contents)
            }
            return result
        }
    }

    /// Runs `body` while holding the refresh lock (`refresh.lock`), first waiting for any other holder in
    /// this or another process.
    ///
    /// Waiting does not block a thread: the lock is polled every 5 ms. The body may call ``read()`` and
    /// ``modify(_:)``.
    ///
    /// - Throws: what `body` throws; `CancellationError` when the task is cancelled while waiting;
    ///   ``TokenStoreError`` with reason `.lockFailed` after waiting 60 seconds.
    public func withRefreshLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        try preparePrivateDirectory(directoryPath)
        let timeout = refreshLockTimeout
        return try await FileLock.withExclusiveLock(
            path: refreshLockPath, timeout: timeout, mapFailure: { TokenStoreError($0, lockTimeout: timeout) }, body)
    }

    // MARK: - Reading and writing the file

    private func load() throws -> TokenStoreContents {
        guard let data = try readFileIfPresent(filePath) else { return TokenStoreContents() }
        return try decode(data)
    }

    private func decode(_ data: Data) throws -> TokenStoreContents {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let version: Int
        do {
            version = try decoder.decode(VersionProbe.self, from: data).version
        } catch {
            throw corrupt(describeDecodingError(error))
        }
        guard version >= 1 else { throw corrupt("format version \(version) does not exist") }
        guard version <= 1 else {
            throw TokenStoreError(
                .unsupportedVersion, path: filePath,
                message: "\(filePath) was written by a newer version of NativeAuth (format version \(version); "
                    + "this version reads format 1). Update NativeAuth, or move the file away to start over; "
                    + "nothing was changed.")
        }
        do {
            return try decoder.decode(TokenStoreContents.self, from: data)
        } catch {
            throw corrupt(describeDecodingError(error))
        }
    }

    private func corrupt(_ detail: String) -> TokenStoreError {
        TokenStoreError(
            .corrupt, path: filePath,
            message: "\(filePath) is not a valid NativeAuth token store (\(detail)). Move it away or delete it "
                + "to start over, which signs out its accounts; nothing was changed.")
    }

    private func save(_ contents: TokenStoreContents) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data: Data
        do {
            data = try encoder.encode(contents)
        } catch {
            throw TokenStoreError(
                .unwritable, path: filePath, message: "Could not encode the token store for \(filePath): \(error).")
        }
        data.append(0x0A)
        do throws(FileSystemError) {
            try AtomicFile.write(data, to: filePath)
        } catch {
            throw TokenStoreError(error)
        }
    }
}

/// Just the format version, read before the rest so a newer format is not mistaken for a corrupt file.
private struct VersionProbe: Decodable {
    let version: Int
}

// MARK: - File system helpers (free functions, so `read`, `write` and `open` are the C functions)

/// Creates the store's folder with mode 0700, or tightens an existing one of ours (`PrivateDirectory`).
private func preparePrivateDirectory(_ path: String) throws {
    do throws(FileSystemError) {
        try PrivateDirectory.prepare(path)
    } catch {
        throw TokenStoreError(error)
    }
}

/// The bytes of the file at `path`, or nil when there is no such file.
private func readFileIfPresent(_ path: String) throws -> Data? {
    func failure(_ code: Int32) -> TokenStoreError {
        TokenStoreError(
            .unreadable, path: path, message: "Could not read the token store \(path): \(FileSystemError.describe(errno: code)).")
    }
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
        let code = errno
        if code == ENOENT { return nil }
        throw failure(code)
    }
    defer { _ = close(descriptor) }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 {
            return data
        } else {
            let code = errno
            if code == EINTR { continue }
            throw failure(code)
        }
    }
}

/// A short account of why JSON did not decode, such as `missing "accounts"`.
private func describeDecodingError(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    func location(_ path: [any CodingKey]) -> String {
        guard !path.isEmpty else { return "the top level" }
        return path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
    }
    switch error {
    case .dataCorrupted(let context):
        if context.codingPath.isEmpty { return "it is not valid JSON" }
        return "bad value at \(location(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
        return "missing \"\(key.stringValue)\" at \(location(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
        return "wrong or missing value at \(location(context.codingPath)): \(context.debugDescription)"
    @unknown default:
        return "\(error)"
    }
}
