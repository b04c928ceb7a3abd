import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Errors from the state directory.
struct PersistenceError: Error, CustomStringConvertible {
    var description: String
}

/// POSIX file helpers for the state directory: private permissions, atomic replace, and a
/// fingerprint that tells whether another process replaced a file.
enum FileSystem {
    /// Creates `directory` (and parents) with mode 0700 and tightens an existing one to 0700.
    static func makePrivateDirectory(_ directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        guard chmod(directory.path, 0o700) == 0 else {
            throw PersistenceError(description: "cannot set 0700 on \(directory.path): errno \(errno)")
        }
    }

    /// Writes `data` to a temporary file (mode 0600) in the same directory, then renames it over `url`.
    static func atomicWrite(_ data: Data, to url: URL) throws {
        let temporary = url.path + ".tmp-\(getpid())-\(Secrets.hex(Secrets.randomBytes(4)))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else { throw PersistenceError(description: "cannot create \(temporary): errno \(errno)") }
        var written = 0
        let ok = data.withUnsafeBytes { buffer -> Bool in
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += result
            }
            return true
        }
        close(fd)
        guard ok, rename(temporary, url.path) == 0 else {
            unlink(temporary)
            throw PersistenceError(description: "cannot write \(url.path): errno \(errno)")
        }
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

    static func read(_ url: URL) -> Data? {
        FileManager.default.contents(atPath: url.path)
    }
}

/// An exclusive advisory lock (`flock`) on a file, shared by every process using the state directory.
///
/// Each instance opens its own descriptor, so two emulators in one process also exclude each other.
final class FileLock: @unchecked Sendable {
    private let fd: Int32

    init(url: URL) throws {
        fd = open(url.path, O_RDWR | O_CREAT, 0o600)
        guard fd >= 0 else { throw PersistenceError(description: "cannot open lock file \(url.path): errno \(errno)") }
    }

    deinit {
        close(fd)
    }

    /// Runs `body` while holding the exclusive lock.
    func withExclusiveLock<Result>(_ body: () throws -> Result) throws -> Result {
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw PersistenceError(description: "flock failed: errno \(errno)") }
        }
        defer { _ = flock(fd, LOCK_UN) }
        return try body()
    }
}
