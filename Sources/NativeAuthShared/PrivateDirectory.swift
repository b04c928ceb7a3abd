#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders only their owner may enter (mode 0700), for token stores and emulator state.
///
/// A folder is used only when it belongs to the effective user and neither its group nor others may
/// write to it: another user's folder, or one where others could plant files or symbolic links, is
/// refused. A folder of ours that others may merely read or enter is tightened to 0700.
package enum PrivateDirectory {
    /// Creates `path` (and missing parents) with mode 0700, or checks an existing folder: refused when it
    /// belongs to another user or is writable by its group or others, tightened to 0700 when they may
    /// only read or enter it.
    ///
    /// - Throws: ``FileSystemError`` with operation ``FileSystemError/Operation/inspectDirectory``
    ///   (`stat` failed other than with `ENOENT`), `createDirectory` (its `path` is the folder that could
    ///   not be made, maybe a parent), `notADirectory`, `notOwned`, `writableByOthers` or `restrictDirectory`.
    package static func prepare(_ path: String) throws(FileSystemError) {
        _ = try open(path, create: true)
    }

    /// Opens the folder at `path` (creating it first when `create` is true and it is missing), then
    /// checks the folder it opened with `fstat`: so a folder swapped in between, by renaming a parent,
    /// is the one checked, and every file then opened relative to the handle is in that folder.
    ///
    /// - Returns: nil when the folder does not exist and `create` is false.
    /// - Throws: ``FileSystemError``, as ``prepare(_:)``.
    package static func open(_ path: String, create: Bool) throws(FileSystemError) -> DirectoryHandle? {
        var descriptor = openDirectory(path)
        if descriptor < 0 {
            let code = errno
            guard code == ENOENT else {
                throw FileSystemError(code == ENOTDIR ? .notADirectory : .inspectDirectory, path: path, code: code)
            }
            guard create else { return nil }
            try makeDirectories(path)
            descriptor = openDirectory(path)
            guard descriptor >= 0 else { throw FileSystemError(.createDirectory, path: path, code: errno) }
        }
        let handle = DirectoryHandle(descriptor: descriptor, path: path)
        try handle.check()
        return handle
    }

    private static func openDirectory(_ path: String) -> Int32 {
        while true {
            let descriptor = openPath(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if descriptor >= 0 || errno != EINTR { return descriptor }
        }
    }
}

/// An open folder that was checked to be private (see ``PrivateDirectory/open(_:create:)``): files are
/// opened relative to it (`openat`), never through its path again. Closed when released.
package final class DirectoryHandle: Sendable {
    /// The folder's descriptor.
    package let descriptor: Int32
    /// The path it was opened at, for messages.
    package let path: String

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        _ = close(descriptor)
    }

    /// The path of `name` in this folder, for messages.
    package func pathOf(_ name: String) -> String {
        (path.hasSuffix("/") ? path : path + "/") + name
    }

    /// Checks the open folder: ours, a folder, nobody else may write to it; tightened to 0700 when
    /// others may read or enter it.
    fileprivate func check() throws(FileSystemError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(.inspectDirectory, path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(.notADirectory, path: path, code: ENOTDIR) }
        guard info.st_uid == geteuid() else { throw FileSystemError(.notOwned, path: path, code: EPERM) }
        guard info.st_mode & mode_t(0o022) == 0 else { throw FileSystemError(.writableByOthers, path: path, code: EPERM) }
        if info.st_mode & mode_t(0o077) != 0, fchmod(descriptor, mode_t(0o700)) != 0 {
            throw FileSystemError(.restrictDirectory, path: path, code: errno)
        }
    }

    /// Opens `name` in this folder, never following a symbolic link (`O_NOFOLLOW`), close-on-exec,
    /// retrying on `EINTR`. Returns the descriptor or the `errno`.
    package func openFile(_ name: String, _ flags: Int32, mode: mode_t = 0) -> Result<Int32, Errno> {
        while true {
            let descriptor = openat(self.descriptor, name, flags | O_NOFOLLOW | O_CLOEXEC, mode)
            if descriptor >= 0 { return .success(descriptor) }
            let code = errno
            if code != EINTR { return .failure(Errno(code)) }
        }
    }
}

/// Checks that an open file is a regular file of ours; a file of ours that others may read or write
/// is restricted to 0600 when `restrict` is true.
package func checkOwnFile(_ descriptor: Int32, path: String, restrict: Bool) throws(FileSystemError) {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw FileSystemError(.read, path: path, code: errno) }
    guard info.st_mode & S_IFMT == S_IFREG else { throw FileSystemError(.notARegularFile, path: path, code: EINVAL) }
    guard info.st_uid == geteuid() else { throw FileSystemError(.notOwned, path: path, code: EPERM) }
    if restrict, info.st_mode & mode_t(0o077) != 0, fchmod(descriptor, mode_t(0o600)) != 0 {
        throw FileSystemError(.restrictFile, path: path, code: errno)
    }
}

// Free functions, so `open`, `mkdir` and `chmod` are the C functions.

private func openPath(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}

/// `mkdir -p` with mode 0700 for every folder it creates.
private func makeDirectories(_ path: String) throws(FileSystemError) {
    if mkdir(path, mode_t(0o700)) == 0 {
        // The umask may have taken away more than we asked for; set exactly 0700.
        _ = chmod(path, mode_t(0o700))
        return
    }
    var code = errno
    if code == EEXIST { return }
    let parent = PathText.parent(of: path)
    if code == ENOENT, !parent.isEmpty, parent != path {
        try makeDirectories(parent)
        if mkdir(path, mode_t(0o700)) == 0 {
            _ = chmod(path, mode_t(0o700))
            return
        }
        code = errno
        if code == EEXIST { return }
    }
    throw FileSystemError(.createDirectory, path: path, code: code)
}
