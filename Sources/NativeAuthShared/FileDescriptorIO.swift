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

/// Whole reads and writes on a file descriptor with `read(2)` and `write(2)`: what Foundation's
/// `FileHandle` does for standard streams and files, which FoundationEssentials (what NativeAuth uses
/// on Linux) does not have. Interrupted calls (`EINTR`) and partial transfers are carried on.
///
/// ```swift
/// FileDescriptorIO.write(Data("hello\n".utf8), to: STDOUT_FILENO)
/// let body = try FileDescriptorIO.read(upToCount: 1 << 20, from: STDIN_FILENO, path: "standard input")
/// ```
package enum FileDescriptorIO {
    /// Writes every byte of `data` to `descriptor`; false when a write failed (a closed pipe, a full
    /// disk), after which the rest is not written.
    @discardableResult
    package static func write(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Reads from `descriptor` until the end of the input or until `count` bytes were read.
    ///
    /// - Throws: ``FileSystemError`` with operation ``FileSystemError/Operation/read`` and `path` (the
    ///   name to show for the descriptor) when a read fails.
    package static func read(upToCount count: Int, from descriptor: Int32, path: String) throws(FileSystemError) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while data.count < count {
            let wanted = min(chunk.count, count - data.count)
            let received = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress!, wanted) }
            if received < 0 {
                if errno == EINTR { continue }
                throw FileSystemError(.read, path: path, code: errno)
            }
            if received == 0 { break }
            data.append(contentsOf: chunk[..<received])
        }
        return data
    }

    /// A pipe whose two ends are closed on `exec` (a child gets an end only when it is handed over
    /// with `dup2`); nil when the system has no descriptor left, with `errno` set.
    ///
    /// ```swift
    /// guard let (readEnd, writeEnd) = FileDescriptorIO.closeOnExecPipe() else { throw … }
    /// ```
    package static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        guard systemPipe(&ends) == 0 else { return nil }
        guard fcntl(ends[0], F_SETFD, FD_CLOEXEC) == 0, fcntl(ends[1], F_SETFD, FD_CLOEXEC) == 0 else {
            let failure = errno
            close(ends[0])
            close(ends[1])
            errno = failure
            return nil
        }
        return (ends[0], ends[1])
    }
}

// Free functions, so `read` and `write` are the C functions.

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemPipe(_ ends: inout [Int32]) -> Int32 {
    pipe(&ends)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, bytes, count)
}
