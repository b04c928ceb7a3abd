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

/// Reads files that only their owner may read: token stores, emulator state and keys.
///
/// A missing file is `nil`, so the caller may create it; any other failure (no permission, an I/O
/// error, a symbolic link, something that is not a regular file, a file of another user) is an error,
/// so the caller never mistakes an unreadable file for an absent one and overwrites it.
///
/// A file is opened without waiting (`O_NONBLOCK`) and checked to be a regular file before it is read,
/// so a FIFO or a device planted in its place is refused at once instead of holding the reader forever;
/// and a file in a private folder is read no further than ``maximumSize`` (and one byte).
package enum PrivateFile {
    /// The most a file read by ``read(_:in:restrict:)`` may hold: 16 MiB, far more than a token store,
    /// a key or an emulator's state file ever needs. A larger one is refused
    /// (``FileSystemError/Operation/tooLarge``) after reading at most one byte more than this.
    package static let maximumSize = 16 * 1024 * 1024

    /// The bytes of the file at `path`, or nil when there is none (`ENOENT`).
    ///
    /// - Parameters:
    ///   - restrict: When the file is ours but its group or others may read or write it,
    ///     restrict it to 0600 before reading (fixed on read, not at the next write).
    ///   - limit: Read at most this many bytes and one more, so that a caller tells a file over its
    ///     bound by the length it gets, without reading the rest of it.
    /// - Throws: ``FileSystemError`` with operation ``FileSystemError/Operation/read``,
    ///   `notARegularFile` (a symbolic link is never followed), `notOwned` or `restrictFile`.
    package static func read(_ path: String, restrict: Bool = true, limit: Int = .max) throws(FileSystemError) -> Data? {
        let opened: Result<Int32, Errno> = {
            while true {
                let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
                if descriptor >= 0 { return .success(descriptor) }
                if errno != EINTR { return .failure(Errno(errno)) }
            }
        }()
        return try read(opened, path: path, restrict: restrict, limit: limit)
    }

    /// ``read(_:restrict:limit:)`` of the file `name` in an open folder, refused when it holds more
    /// than ``maximumSize`` bytes.
    ///
    /// - Throws: ``FileSystemError`` as ``read(_:restrict:limit:)``, or with operation
    ///   ``FileSystemError/Operation/tooLarge``.
    package static func read(_ name: String, in directory: DirectoryHandle, restrict: Bool = true) throws(FileSystemError) -> Data? {
        let path = directory.pathOf(name)
        guard let data = try read(directory.openFile(name, O_RDONLY | O_NONBLOCK), path: path, restrict: restrict, limit: maximumSize) else {
            return nil
        }
        guard data.count <= maximumSize else { throw FileSystemError(.tooLarge, path: path, code: EFBIG) }
        return data
    }

    private static func read(_ opened: Result<Int32, Errno>, path: String, restrict: Bool, limit: Int) throws(FileSystemError) -> Data? {
        let descriptor: Int32
        switch opened {
        case .success(let value): descriptor = value
        case .failure(let failure) where failure.code == ENOENT: return nil
        case .failure(let failure) where failure.code == ELOOP: throw FileSystemError(.notARegularFile, path: path, code: ELOOP)
        case .failure(let failure): throw FileSystemError(.read, path: path, code: failure.code)
        }
        defer { _ = close(descriptor) }
        try checkOwnFile(descriptor, path: path, restrict: restrict)
        // A regular file: its reads may wait again (a file on a network mount).
        let flags = fcntl(descriptor, F_GETFL)
        guard flags >= 0, fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw FileSystemError(.read, path: path, code: errno) }
        return try readAll(descriptor, path: path, limit: limit)
    }
}

/// The file's bytes, or its first `limit` + 1 when it is longer.
private func readAll(_ descriptor: Int32, path: String, limit: Int) throws(FileSystemError) -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
        let wanted = limit == .max ? buffer.count : min(buffer.count, limit + 1 - data.count)
        if wanted <= 0 { return data }
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
        if count > 0 {
            data.append(contentsOf: buffer[0..<count])
        } else if count == 0 {
            return data
        } else {
            let code = errno
            if code == EINTR { continue }
            throw FileSystemError(.read, path: path, code: code)
        }
    }
}
