import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Folders only their owner may enter (mode 0700), for token stores and emulator state.
package enum PrivateDirectory {
    /// Creates `path` (and missing parents) with mode 0700, or tightens an existing folder we own to 0700
    /// when its group or others have any access. A folder owned by someone else is used as it is.
    ///
    /// - Throws: ``FileSystemError`` with operation ``FileSystemError/Operation/inspectDirectory``
    ///   (`stat` failed other than with `ENOENT`), `createDirectory` (its `path` is the folder that could
    ///   not be made, maybe a parent), `notADirectory` or `restrictDirectory`.
    package static func prepare(_ path: String) throws(FileSystemError) {
        try preparePrivateDirectory(path)
    }
}

// Free functions, so `stat`, `mkdir` and `chmod` are the C functions.

private func preparePrivateDirectory(_ path: String) throws(FileSystemError) {
    var info = stat()
    if stat(path, &info) != 0 {
        let code = errno
        guard code == ENOENT else { throw FileSystemError(.inspectDirectory, path: path, code: code) }
        try makeDirectories(path)
        guard stat(path, &info) == 0 else { throw FileSystemError(.createDirectory, path: path, code: errno) }
    }
    guard info.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(.notADirectory, path: path, code: ENOTDIR) }
    if info.st_uid == geteuid(), info.st_mode & mode_t(0o077) != 0 {
        guard chmod(path, mode_t(0o700)) == 0 else { throw FileSystemError(.restrictDirectory, path: path, code: errno) }
    }
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
    let parent = (path as NSString).deletingLastPathComponent
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
