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

    /// Renames `name` to `newName` in the folder (replacing it), when there is a `name`.
    func renameIfPresent(_ name: String, to newName: String) throws {
        guard renameat(handle.descriptor, name, handle.descriptor, newName) != 0 else { return }
        let code = errno
        guard code != ENOENT else { return }
        throw PersistenceError(FileSystemError(.write, path: path(of: name), code: code))
    }

    /// Makes sure `name` in the folder is a regular file of the folder's owner that the emulator may
    /// read and write, creating it empty (0600) when it is missing; a symbolic link, a folder, another
    /// user's file or one it may not open is an error naming it, and is left as it is. For a file
    /// another library opens by its path (the SQLite database), which then finds a file checked here.
    func preparePrivateFile(_ name: String) throws {
        switch handle.openFile(name, O_RDWR | O_NOFOLLOW | O_CLOEXEC) {
        case .success(let descriptor):
            defer { _ = close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw unusable(name, errno) }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw unusable(name, EISDIR) }
            guard info.st_uid == geteuid() else {
                throw PersistenceError(description: "\(path(of: name)) belongs to another user; it was left as it is.")
            }
        case .failure(let failure) where failure.code == ENOENT:
            switch handle.openFile(name, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: mode_t(0o600)) {
            case .success(let descriptor): _ = close(descriptor)
            case .failure(let failure) where failure.code == EEXIST: try preparePrivateFile(name)
            case .failure(let failure): throw PersistenceError(FileSystemError(.write, path: path(of: name), code: failure.code))
            }
        case .failure(let failure):
            throw unusable(name, failure.code)
        }
    }

    private func unusable(_ name: String, _ code: Int32) -> PersistenceError {
        PersistenceError(description: "\(path(of: name)) could not be read (opening it: \(FileSystemError.describe(errno: code))); "
            + "it was left as it is.")
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
