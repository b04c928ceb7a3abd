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

/// Folders only their owner may enter, for token stores and emulator state.
///
/// The path is opened one component at a time (`openat` with `O_NOFOLLOW`), never through the path
/// again: a symbolic link on the way is followed only when it belongs to the caller or to root, so a
/// link another user planted (in a home that `HOME` names under `sudo -E`, say) is refused, not
/// followed; a missing folder is made only in a folder of the caller's or root's, so root with
/// another user's `HOME` never makes folders of its own in that user's home. The folder itself is
/// used only when it belongs to the effective user and neither its group nor others may write to it.
/// Its mode is changed only when it is the program's own: a folder this type created (mode 0700,
/// marked by ``markerName``) is tightened back to 0700 when others may read or enter it; a folder
/// that existed before is left as it is (the files in it are 0600).
package enum PrivateDirectory {
    /// The file that marks a folder this type created, so that it may tighten the folder's mode later
    /// and never tightens one it did not make.
    package static let markerName = ".nativeauth-private"

    /// How many symbolic links one path may go through, as the kernel's own limit (`ELOOP`).
    static let maximumLinks = 40

    /// Creates `path` (and missing parents) with mode 0700, or checks an existing folder (see
    /// ``open(_:create:)``).
    ///
    /// - Throws: ``FileSystemError`` with operation ``FileSystemError/Operation/inspectDirectory``
    ///   (opening a component failed other than with `ENOENT`), `createDirectory` (its `path` is the
    ///   folder that could not be made, maybe a parent), `notADirectory`, `linkNotOwned` (its `path` is
    ///   the link), `parentNotOwned` (its `path` is the folder that would hold the missing one),
    ///   `notOwned`, `writableByOthers` or `restrictDirectory`.
    package static func prepare(_ path: String) throws(FileSystemError) {
        _ = try open(path, create: true)
    }

    /// Opens the folder at `path` (creating it and its missing parents, mode 0700, when `create` is true),
    /// walking it one component at a time without following another user's link, then checks the
    /// folder it opened with `fstat`: so every file then opened relative to the handle is in that
    /// folder, whatever is renamed or planted meanwhile.
    ///
    /// - Returns: nil when the folder does not exist and `create` is false.
    /// - Throws: ``FileSystemError``, as ``prepare(_:)``.
    package static func open(_ path: String, create: Bool) throws(FileSystemError) -> DirectoryHandle? {
        guard !path.isEmpty else { throw FileSystemError(.inspectDirectory, path: path, code: ENOENT) }
        let start = openDirectory(AT_FDCWD, path.hasPrefix("/") ? "/" : ".")
        guard start >= 0 else { throw FileSystemError(.inspectDirectory, path: path, code: errno) }
        return try walk(from: start, shown: path.hasPrefix("/") ? "/" : "", through: path, create: create, reported: path)
    }

    /// Opens the folder `name` (one component, no `/`) in an open private folder, as
    /// ``open(_:create:)`` does: for a folder kept inside another (the emulator's `tls/`).
    package static func open(_ name: String, in parent: DirectoryHandle, create: Bool) throws(FileSystemError) -> DirectoryHandle? {
        let start = dup(parent.descriptor)
        guard start >= 0 else { throw FileSystemError(.inspectDirectory, path: parent.pathOf(name), code: errno) }
        return try walk(from: start, shown: parent.path, through: name, create: create, reported: parent.pathOf(name))
    }

    /// Walks `path` from the open folder `start` (which it closes), following the rules above; the
    /// errors about the folder itself name `reported`, those about a component on the way name it.
    private static func walk(
        from start: Int32, shown: String, through path: String, create: Bool, reported: String
    ) throws(FileSystemError) -> DirectoryHandle? {
        var current = start
        var walked = shown
        var pending = Array(path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
        var links = 0
        var createdLast = false
        defer { if current >= 0 { _ = close(current) } }
        while let name = pending.popLast() {
            if name == "." { continue }
            let here = PathText.appending(name, to: walked)
            let next = openDirectory(current, name, followingLinks: false)
            if next >= 0 {
                _ = close(current)
                current = next
                walked = here
                continue
            }
            let code = errno
            switch code {
            case EINTR:
                pending.append(name)
            case ENOENT:
                guard create else { return nil }
                try checkMayHoldNewFolder(current, path: walked.isEmpty ? "." : walked)
                if mkdirat(current, name, mode_t(0o700)) == 0 {
                    // The umask may have taken away more than asked for: set exactly 0700 once open.
                    createdLast = pending.isEmpty
                    let made = openDirectory(current, name, followingLinks: false)
                    guard made >= 0 else { throw FileSystemError(.createDirectory, path: here, code: errno) }
                    _ = fchmod(made, mode_t(0o700))
                    _ = close(current)
                    current = made
                    walked = here
                } else if errno == EEXIST {
                    pending.append(name)  // made meanwhile by another process: open it as found
                } else {
                    throw FileSystemError(.createDirectory, path: here, code: errno)
                }
            case ELOOP, ENOTDIR, EMLINK:
                var info = stat()
                guard fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                    throw FileSystemError(.inspectDirectory, path: here, code: errno)
                }
                guard info.st_mode & S_IFMT == S_IFLNK else {
                    throw FileSystemError(.notADirectory, path: pending.isEmpty ? reported : here, code: ENOTDIR)
                }
                // A link is followed only when the caller or root made it.
                guard isTrusted(owner: info.st_uid) else {
                    throw FileSystemError(.linkNotOwned, path: here, code: EPERM)
                }
                links += 1
                guard links <= maximumLinks, let target = readLink(current, name) else {
                    throw FileSystemError(.inspectDirectory, path: here, code: links > maximumLinks ? ELOOP : errno)
                }
                pending.append(contentsOf: target.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
                if target.hasPrefix("/") {
                    let root = openDirectory(AT_FDCWD, "/")
                    guard root >= 0 else { throw FileSystemError(.inspectDirectory, path: here, code: errno) }
                    _ = close(current)
                    current = root
                    walked = "/"
                }
            default:
                throw FileSystemError(.inspectDirectory, path: pending.isEmpty ? reported : here, code: code)
            }
        }
        let handle = DirectoryHandle(descriptor: current, path: reported)
        current = -1
        if createdLast { handle.mark() }
        try handle.check()
        return handle
    }

    /// Whether a link, or a folder a missing one would be made in, that belongs to `owner` may be
    /// used: the caller's own, or root's (the system's: `/home -> /var/home`, `/tmp`). Another user's
    /// may point anywhere, and a root process would then write (or restrict) what that user chose.
    private static func isTrusted(owner: uid_t) -> Bool {
        owner == geteuid() || owner == 0
    }

    /// Checks the open folder `parent` (at `path`) before a folder is made in it: refused unless it
    /// is the caller's or root's (``isTrusted(owner:)``).
    private static func checkMayHoldNewFolder(_ parent: Int32, path: String) throws(FileSystemError) {
        var info = stat()
        guard fstat(parent, &info) == 0 else { throw FileSystemError(.inspectDirectory, path: path, code: errno) }
        guard isTrusted(owner: info.st_uid) else { throw FileSystemError(.parentNotOwned, path: path, code: EPERM) }
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
    /// others may read or enter it and it is marked as made by ``PrivateDirectory``.
    fileprivate func check() throws(FileSystemError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemError(.inspectDirectory, path: path, code: errno) }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw FileSystemError(.notADirectory, path: path, code: ENOTDIR) }
        guard info.st_uid == geteuid() else { throw FileSystemError(.notOwned, path: path, code: EPERM) }
        guard info.st_mode & mode_t(0o022) == 0 else { throw FileSystemError(.writableByOthers, path: path, code: EPERM) }
        if info.st_mode & mode_t(0o077) != 0, isMarked, fchmod(descriptor, mode_t(0o700)) != 0 {
            throw FileSystemError(.restrictDirectory, path: path, code: errno)
        }
    }

    /// Whether the folder holds ``PrivateDirectory/markerName`` as a regular file of ours.
    var isMarked: Bool {
        var info = stat()
        return fstatat(descriptor, PrivateDirectory.markerName, &info, AT_SYMLINK_NOFOLLOW) == 0
            && info.st_mode & S_IFMT == S_IFREG && info.st_uid == geteuid()
    }

    /// Marks a folder just made (best effort: an unmarked folder is only never tightened).
    fileprivate func mark() {
        if case .success(let file) = openFile(PrivateDirectory.markerName, O_WRONLY | O_CREAT | O_EXCL, mode: mode_t(0o600)) {
            let text = "nativeauth made this folder and keeps it private (mode 0700).\n"
            _ = text.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
            _ = close(file)
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

    /// The names of the folder's entries (not `.` and `..`), read through a copy of its descriptor.
    package func entryNames() -> [String] {
        let copy = dup(descriptor)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { _ = close(copy) }
            return []
        }
        defer { _ = closedir(stream) }
        rewinddir(stream)
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
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

// Free functions, so `open` and `readlinkat` are the C functions.

/// Opens a folder relative to `directory`, close-on-exec; with `followingLinks` false a link in the
/// last place fails (`ELOOP`, or `ENOTDIR` on some systems).
private func openDirectory(_ directory: Int32, _ name: String, followingLinks: Bool = true) -> Int32 {
    openat(directory, name, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
}

/// The target of the link `name` in `directory`, or nil (`errno` set).
private func readLink(_ directory: Int32, _ name: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlinkat(directory, name, &buffer, buffer.count - 1)
    guard count > 0 else { return nil }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
