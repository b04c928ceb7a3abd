import Foundation
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The emulator's state folder, opened once and checked private by `PrivateDirectory` (created 0700;
/// refused when it belongs to another user, when others may write to it, or when the way to it goes
/// through another user's symbolic link; its mode changed only when the emulator made it). Every file
/// is then opened relative to the open folder (`openat`, never through a link), so nothing renamed or
/// planted on the way afterwards can send a read or a write elsewhere. Failures are
/// ``PersistenceError``s that name the file.
struct StateFolder: Sendable {
    private let handle: DirectoryHandle

    /// The name of the lock file every process using the folder shares.
    static let lockName = "state.lock"

    /// The files the emulator writes atomically in its state folder.
    static let atomicallyWritten = ["state.json", "signing-key.pem", "admin-token"]

    /// Opens (and, when missing, creates with its parents) the folder at `directory`.
    static func open(_ directory: URL) throws -> StateFolder {
        do throws(FileSystemError) {
            return StateFolder(handle: try PrivateDirectory.open(directory.path, create: true)!)
        } catch {
            throw PersistenceError(error)
        }
    }

    /// Opens (and, when missing, creates) the folder `name` inside this one, with the same checks.
    func folder(_ name: String) throws -> StateFolder {
        do throws(FileSystemError) {
            return StateFolder(handle: try PrivateDirectory.open(name, in: handle, create: true)!)
        } catch {
            throw PersistenceError(error)
        }
    }

    /// The path of the folder, for messages.
    var path: String { handle.path }

    /// The path of `name` in the folder, for messages.
    func path(of name: String) -> String { handle.pathOf(name) }

    /// The bytes of `name`, or nil when there is no such file. Any other failure (no permission, an
    /// I/O error, a symbolic link, another user's file) is an error naming the file, so that an
    /// unreadable file is never taken for a missing one and replaced.
    func readIfPresent(_ name: String) throws -> Data? {
        do throws(FileSystemError) {
            return try PrivateFile.read(name, in: handle)
        } catch {
            throw PersistenceError(description: "\(path(of: name)) could not be read (\(error.operation.phrase): \(error.systemMessage)); "
                + "it was left as it is.")
        }
    }

    /// Writes `data` to a temporary file (mode 0600) in the folder, flushes it, then renames it over `name`.
    func atomicWrite(_ data: Data, to name: String) throws {
        do throws(FileSystemError) {
            try AtomicFile.write(data, in: handle, name: name)
        } catch {
            throw PersistenceError(error)
        }
    }

    /// Runs `body` while holding the exclusive lock on ``lockName`` in this folder, which every process
    /// using the state folder shares. Each call opens the file anew, so two emulators in one process
    /// exclude each other too. Do not nest calls.
    func withExclusiveLock<Result>(_ body: () throws -> Result) throws -> Result {
        try FileLock.withLock(in: handle, name: Self.lockName, mode: .exclusive, mapFailure: PersistenceError.init, body)
    }

    /// Identity of a file's current contents (inode, size, modification time); nil if absent.
    func fingerprint(_ name: String) -> [Int]? {
        var info = stat()
        guard fstatat(handle.descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return nil }
        #if canImport(Darwin)
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        #else
        return [Int(info.st_ino), Int(info.st_size), Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        #endif
    }

    /// Opens `name` in the folder (never through a link), or the `errno`.
    func openFile(_ name: String, _ flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
        handle.openFile(name, flags, mode: mode)
    }

    /// Removes temporary files left in the folder by a process killed while writing (`.state.json.*.tmp`
    /// and the like). Call it holding the state lock, which every writer holds.
    func removeLeftovers() {
        for entry in handle.entryNames() where Self.atomicallyWritten.contains(where: { AtomicFile.isTemporaryFile(entry, of: $0) }) {
            _ = unlinkat(handle.descriptor, entry, 0)
        }
    }
}
