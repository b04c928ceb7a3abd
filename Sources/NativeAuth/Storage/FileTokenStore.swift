#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
import Synchronization
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
/// Dates are stored as ISO 8601 strings in UTC to the whole second (`2023-11-14T22:13:20Z`). A file
/// that cannot be decoded is reported as ``TokenStoreError/Reason/corrupt`` and is never overwritten.
///
/// The folder must be the user's own: one of another user, or one its group or others may write to,
/// is refused. Every file is opened relative to the folder as it was checked (`openat`) and never
/// through a symbolic link, and a store file others may read is restricted to 0600 when it is read.
public final class FileTokenStore: NativeAuthTokenStore {
    /// The folder holding the store's file and its lock files.
    public let directory: URL
    /// The name of the store's file inside ``directory``.
    public let fileName: String
    /// How long ``withRefreshLock(_:)`` waits for another holder before giving up.
    let refreshLockTimeout: Duration
    /// Called when an operation has waited a second for another holder of a lock.
    let whenWaiting: (@Sendable () -> Void)?

    let directoryPath: String
    private let filePath: String
    let lockName: String
    private static let refreshLockName = "refresh.lock"
    /// The bytes of the file this instance last read, and what they decoded to: a read that finds the
    /// same bytes again (a sign-in checks the store before it starts and changes it at the end) returns
    /// these contents instead of decoding the JSON again. The file is still read every time. Only a
    /// read fills it, so the contents are always what decoding those bytes gives (what a save was
    /// handed may differ, e.g. in fractions of a second the file does not keep).
    private let lastDecoded = Mutex<(data: Data, contents: TokenStoreContents)?>(nil)

    /// The store's JSON file.
    public var fileURL: URL { URL(fileURLWithPath: filePath, isDirectory: false) }

    /// Opens the store kept in `fileName` inside `directory`, checking the folder when it exists.
    ///
    /// Nothing is created here: the folder (mode 0700, with its missing parents) is made by the first
    /// change or ``checkAccess()``, so a store that is only read (nobody signed in) leaves no trace.
    /// A folder we own that others may read is tightened to mode 0700; a folder of another user, or one
    /// its group or others may write to, is refused (others could plant files or symbolic links in it),
    /// and so is a missing folder that would be made in another user's folder (root with another
    /// user's `HOME`).
    ///
    /// - Parameters:
    ///   - directory: The store's folder (``defaultDirectory()`` is the conventional one).
    ///   - fileName: The store's file in it.
    ///   - whenWaiting: Called once per operation, on the waiting thread, when it has waited one second
    ///     for another holder of the store's lock or of the refresh lock (another process's sign-in or
    ///     refresh, or a keyring's unlock prompt left open in a ``SecretServiceTokenStore``); the wait then
    ///     goes on. A tool can say there why it waits. Nil: no notice.
    /// - Throws: ``TokenStoreError`` when the folder is not a folder or is refused.
    public convenience init(directory: URL, fileName: String = "tokens.json", whenWaiting: (@Sendable () -> Void)? = nil) throws {
        try self.init(directory: directory, fileName: fileName, refreshLockTimeout: .seconds(60), whenWaiting: whenWaiting)
    }

    init(directory: URL, fileName: String, refreshLockTimeout: Duration, whenWaiting: (@Sendable () -> Void)? = nil) throws {
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
        self.whenWaiting = whenWaiting
        directoryPath = directory.path
        filePath = directory.appendingPathComponent(fileName, isDirectory: false).path
        lockName = fileName + ".lock"
        _ = try openPrivateDirectory(directoryPath, create: false)
    }

    /// The conventional folder for the store: `$XDG_STATE_HOME/nativeauth`, else `~/.local/state/nativeauth`.
    public static func defaultDirectory() -> URL {
        defaultDirectory(environment: ProcessInfo.processInfo.environment)
    }

    /// The conventional folder for `environment` (`XDG_STATE_HOME`, `HOME`), else under `homeDirectory`.
    package static func defaultDirectory(environment: [String: String], homeDirectory: @autoclosure () -> String = FileManager.default.homeDirectoryForCurrentUser.path) -> URL {
        StateDirectories.nativeauth(environment: environment, homeDirectory: homeDirectory())
    }

    /// Returns the stored contents, or empty contents when the file does not exist yet.
    ///
    /// Takes the shared lock. Do not call it inside the body of ``modify(_:)`` (that would wait for itself).
    ///
    /// - Throws: ``TokenStoreError`` with reason `.corrupt`, `.unsupportedVersion`, `.unreadable` or
    ///   `.lockFailed`.
    public func read() throws -> TokenStoreContents {
        guard let directory = try openPrivateDirectory(directoryPath, create: false) else { return TokenStoreContents() }
        // Writes replace the file atomically, so when the lock file cannot be created (a read-only
        // folder) reading without the lock still sees a whole file.
        return try FileLock.withLock(
            in: directory, name: lockName, mode: .shared, unlockedIfUnavailable: true, whenWaiting: whenWaiting,
            mapFailure: { TokenStoreError($0, openFailure: .unreadable) }
        ) {
            try load(directory)
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
        let directory = try openPrivateDirectory(directoryPath, create: true)!
        return try FileLock.withLock(in: directory, name: lockName, mode: .exclusive, whenWaiting: whenWaiting,
                                     mapFailure: { TokenStoreError($0) }) {
            let original = try load(directory)
            var contents = original
            let result = try body(&contents)
            if contents != original {
                try save(contents, in: directory)
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
        let directory = try openPrivateDirectory(directoryPath, create: true)!
        let timeout = refreshLockTimeout
        return try await FileLock.withExclusiveLock(
            in: directory, name: Self.refreshLockName, timeout: timeout, whenWaiting: whenWaiting,
            mapFailure: { TokenStoreError($0, lockTimeout: timeout) }, body)
    }

    // MARK: - Reading and writing the file

    private func load(_ directory: DirectoryHandle) throws -> TokenStoreContents {
        let data: Data?
        do throws(FileSystemError) {
            // A file of ours that others may read is restricted to 0600 here, before it is read.
            data = try PrivateFile.read(fileName, in: directory)
        } catch {
            throw TokenStoreError(error)
        }
        guard let data else { return TokenStoreContents() }
        if let last = lastDecoded.withLock({ $0 }), last.data == data { return last.contents }
        let contents = try decode(data)
        lastDecoded.withLock { $0 = (data, contents) }
        return contents
    }

    func decode(_ data: Data) throws -> TokenStoreContents {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = StoreDates.decoding
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

    private func save(_ contents: TokenStoreContents, in directory: DirectoryHandle) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = StoreDates.encoding
        var data: Data
        do {
            data = try encoder.encode(contents)
        } catch {
            throw TokenStoreError(
                .unwritable, path: filePath, message: "Could not encode the token store for \(filePath): \(error).")
        }
        data.append(0x0A)
        do throws(FileSystemError) {
            try AtomicFile.write(data, in: directory, name: fileName)
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

/// Opens the store's folder, checked private (`PrivateDirectory`): created with mode 0700 when
/// `create` is true and it is missing (else nil), tightened when others may read it, refused when it
/// belongs to another user or others may write to it.
func openPrivateDirectory(_ path: String, create: Bool) throws -> DirectoryHandle? {
    do throws(FileSystemError) {
        return try PrivateDirectory.open(path, create: create)
    } catch {
        throw TokenStoreError(error)
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
