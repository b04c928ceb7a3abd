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

/// Replaces a file's contents atomically: readers see the old contents or the new, never a mix.
package enum AtomicFile {
    /// Writes `data` to a new file created with mode 0600 next to `path` (`.<name>.<UUID>.tmp`, opened
    /// close-on-exec, `O_EXCL`, never through a symbolic link), flushes it to disk (`fsync`) and renames
    /// it over `path`, then flushes the folder so the rename itself is durable. On failure the
    /// temporary file is removed and `path` is untouched.
    ///
    /// - Throws: ``FileSystemError`` whose `path` is `path` (not the temporary file) and whose operation
    ///   is ``FileSystemError/Operation/createTemporaryFile``, `setPermissions`, `write`, `flush`,
    ///   `close` or `replace`.
    package static func write(_ data: Data, to path: String) throws(FileSystemError) {
        let folder = PathText.parent(of: path)
        let directory = openFolder(folder.isEmpty ? "." : folder)
        guard directory >= 0 else { throw FileSystemError(.createTemporaryFile, path: path, code: errno) }
        defer { _ = close(directory) }
        try replaceAtomically(in: directory, name: PathText.lastComponent(of: path), path: path, with: data)
    }

    /// ``write(_:to:)`` for the file `name` in an open folder: the temporary file is created and renamed
    /// relative to the folder's descriptor, so nothing can redirect the write elsewhere.
    package static func write(_ data: Data, in directory: DirectoryHandle, name: String) throws(FileSystemError) {
        try replaceAtomically(in: directory.descriptor, name: name, path: directory.pathOf(name), with: data)
    }

    /// The names of the temporary files ``write(_:to:)`` would use for `name` (`.<name>.*.tmp`).
    package static func isTemporaryFile(_ candidate: String, of name: String) -> Bool {
        candidate.hasPrefix("." + name + ".") && candidate.hasSuffix(".tmp")
    }
}

// Free functions, so `write`, `open` and `close` are the C functions.

private func openFolder(_ path: String) -> Int32 {
    open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
}

private func replaceAtomically(in directory: Int32, name: String, path: String, with data: Data) throws(FileSystemError) {
    let tempName = "." + name + "." + UUID().uuidString + ".tmp"
    let descriptor = openat(directory, tempName, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, mode_t(0o600))
    guard descriptor >= 0 else { throw FileSystemError(.createTemporaryFile, path: path, code: errno) }
    var failure: FileSystemError?
    // The umask can only take permissions away; make sure the owner can still read it.
    if fchmod(descriptor, mode_t(0o600)) != 0 {
        failure = FileSystemError(.setPermissions, path: path, code: errno)
    }
    if failure == nil {
        failure = data.withUnsafeBytes { bytes -> FileSystemError? in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else {
                    let code = errno
                    if code == EINTR { continue }
                    return FileSystemError(.write, path: path, code: code)
                }
            }
            return nil
        }
    }
    if failure == nil, fsync(descriptor) != 0 {
        failure = FileSystemError(.flush, path: path, code: errno)
    }
    if close(descriptor) != 0, failure == nil {
        failure = FileSystemError(.close, path: path, code: errno)
    }
    if failure == nil, renameat(directory, tempName, directory, name) != 0 {
        failure = FileSystemError(.replace, path: path, code: errno)
    }
    if let failure {
        _ = unlinkat(directory, tempName, 0)
        throw failure
    }
    // Make the rename itself durable; failing here loses nothing that was not already written.
    _ = fsync(directory)
}
