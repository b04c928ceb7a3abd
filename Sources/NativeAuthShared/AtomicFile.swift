import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file's contents atomically: readers see the old contents or the new, never a mix.
package enum AtomicFile {
    /// Writes `data` to a new file created with mode 0600 next to `path` (`.<name>.<UUID>.tmp`, opened
    /// close-on-exec), flushes it to disk (`fsync`) and renames it over `path`, then flushes the folder
    /// so the rename itself is durable. On failure the temporary file is removed and `path` is untouched.
    ///
    /// - Throws: ``FileSystemError`` whose `path` is `path` (not the temporary file) and whose operation
    ///   is ``FileSystemError/Operation/createTemporaryFile``, `setPermissions`, `write`, `flush`,
    ///   `close` or `replace`.
    package static func write(_ data: Data, to path: String) throws(FileSystemError) {
        try replaceAtomically(path, with: data)
    }
}

// A free function, so `write`, `open` and `close` are the C functions.
private func replaceAtomically(_ path: String, with data: Data) throws(FileSystemError) {
    let directory = (path as NSString).deletingLastPathComponent
    let name = (path as NSString).lastPathComponent
    let tempPath = (directory.isEmpty ? "" : directory + "/") + "." + name + "." + UUID().uuidString + ".tmp"
    let descriptor = open(tempPath, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, mode_t(0o600))
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
    if failure == nil, rename(tempPath, path) != 0 {
        failure = FileSystemError(.replace, path: path, code: errno)
    }
    if let failure {
        _ = unlink(tempPath)
        throw failure
    }
    // Make the rename itself durable; failing here loses nothing that was not already written.
    let directoryDescriptor = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
    if directoryDescriptor >= 0 {
        _ = fsync(directoryDescriptor)
        _ = close(directoryDescriptor)
    }
}
