import Foundation
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Errors from the state directory.
struct PersistenceError: Error, CustomStringConvertible {
    var description: String
}

extension PersistenceError {
    /// The emulator's error for a file operation in the state directory that failed.
    init(_ failure: FileSystemError) {
        description = failure.description
    }
}

/// File helpers for the state directory: private permissions, atomic replace, the directory's lock,
/// and a fingerprint that tells whether another process replaced a file. The work is done by
/// `PrivateDirectory`, `AtomicFile` and `FileLock`; failures become ``PersistenceError``.
enum FileSystem {
    /// Creates `directory` (and parents) with mode 0700 and tightens an existing one of ours to 0700.
    static func makePrivateDirectory(_ directory: URL) throws {
        do throws(FileSystemError) {
            try PrivateDirectory.prepare(directory.path)
        } catch {
            throw PersistenceError(error)
        }
    }

    /// Writes `data` to a temporary file (mode 0600) in the same directory, flushes it, then renames it over `url`.
    static func atomicWrite(_ data: Data, to url: URL) throws {
        do throws(FileSystemError) {
            try AtomicFile.write(data, to: url.path)
        } catch {
            throw PersistenceError(error)
        }
    }

    /// Runs `body` while holding the exclusive lock on `lockFile`, which every process using the state
    /// directory shares. Each call opens the file anew, so two emulators in one process exclude each
    /// other too. Do not nest calls on the same lock file.
    static func withExclusiveLock<Result>(_ lockFile: URL, _ body: () throws -> Result) throws -> Result {
        try FileLock.withLock(path: lockFile.path, mode: .exclusive, mapFailure: PersistenceError.init, body)
    }

    /// Identity of a file's current contents (inode, size, modification time); nil if absent.
    static func fingerprint(_ url: URL) -> [Int]? {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        #else
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        #endif
    }

    /// The bytes of `url`, or nil when there is no such file. Any other failure (no permission, an
    /// I/O error, a symbolic link, another user's file) is an error naming the file, so that an
    /// unreadable file is never taken for a missing one and replaced.
    static func readIfPresent(_ url: URL) throws -> Data? {
        do throws(FileSystemError) {
            return try PrivateFile.read(url.path)
        } catch {
            throw PersistenceError(description: "\(url.path) could not be read (\(error.operation.phrase): \(error.systemMessage)); "
                + "it was left as it is.")
        }
    }

    /// The files the emulator writes atomically in its state directory.
    static let atomicallyWritten = ["state.json", "signing-key.pem", "admin-token"]

    /// Removes temporary files left in `directory` by a process killed while writing (`.state.json.*.tmp`
    /// and the like). Call it holding the state lock, which every writer holds.
    static func removeLeftovers(in directory: URL) {
        AtomicFile.removeLeftovers(of: atomicallyWritten, in: directory.path)
    }
}
