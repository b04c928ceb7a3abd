import Foundation
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `state.journal`: the changes made since `state.json` was written, one JSON line each
/// (``JournalEntry``), after a first line `{"journal":"ID"}` naming the snapshot they follow (its
/// `journalId`). Only ever appended to (or started again when a new snapshot is written), always under
/// the state directory's lock. A line cut short by a killed process is dropped when next read; a
/// journal whose first line names another snapshot (a process killed between writing the snapshot and
/// starting the journal again) is ignored, as the snapshot holds all of it.
struct JournalFile: Sendable {
    /// The state folder it is in.
    let folder: StateFolder
    /// Its name there.
    let name: String

    /// Its path, for messages.
    var path: String { folder.path(of: name) }

    /// What was read past an offset.
    struct Tail {
        var entries: [JournalEntry]
        /// The offset after the last complete line.
        var end: Int
        /// The file's inode, which tells a replaced journal from the one read before.
        var inode: UInt64
        /// The snapshot the journal follows, when read from the start (nil: no valid first line).
        var id: String?
    }

    private struct Header: Codable {
        var journal: String
    }

    /// The complete lines from `offset` to the end, or nil when the file is missing or shorter than
    /// `offset` (it was replaced: read the snapshot again). A last line without its newline was cut
    /// short by a killed writer; it is removed from the file.
    func read(from offset: Int) throws -> Tail? {
        let descriptor: Int32
        switch folder.openFile(name, O_RDWR) {
        case .success(let opened): descriptor = opened
        case .failure(let failure) where failure.code == ENOENT: return nil
        case .failure(let failure): throw PersistenceError(FileSystemError(.read, path: path, code: failure.code))
        }
        defer { _ = close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PersistenceError(FileSystemError(.read, path: path, code: errno)) }
        let size = Int(info.st_size)
        guard size >= offset else { return nil }
        var bytes = [UInt8](repeating: 0, count: size - offset)
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, $0.count - done, off_t(offset + done)) }
            if count > 0 {
                done += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw PersistenceError(FileSystemError(.read, path: path, code: errno))
            }
        }
        bytes.removeLast(bytes.count - done)
        let complete = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        if complete < bytes.count {
            _ = ftruncate(descriptor, off_t(offset + complete))
        }
        let decoder = JSONDecoder()
        var entries: [JournalEntry] = []
        var lines = bytes[..<complete].split(separator: 0x0A)[...]
        var id: String?
        if offset == 0, let first = lines.first {
            id = (try? decoder.decode(Header.self, from: Data(first)))?.journal
            lines = lines.dropFirst()
            if id == nil { return Tail(entries: [], end: offset + complete, inode: UInt64(info.st_ino), id: nil) }
        }
        for line in lines where !line.isEmpty {
            do {
                entries.append(try decoder.decode(JournalEntry.self, from: Data(line)))
            } catch {
                throw PersistenceError(description: "\(path) is not a valid emulator journal (a line does not decode: \(error)); "
                    + "it was left as it is. Move the state folder away to start over.")
            }
        }
        return Tail(entries: entries, end: offset + complete, inode: UInt64(info.st_ino), id: id)
    }

    /// Appends `entries`, one line each; returns the new end and the file's inode.
    func append(_ entries: [JournalEntry]) throws -> (end: Int, inode: UInt64) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var bytes = Data()
        for entry in entries {
            bytes.append(try encoder.encode(entry))
            bytes.append(0x0A)
        }
        return try appendBytes(bytes)
    }

    private func appendBytes(_ bytes: Data) throws -> (end: Int, inode: UInt64) {
        let descriptor = try open(O_WRONLY | O_APPEND | O_CREAT)
        defer { _ = close(descriptor) }
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno != EINTR {
                    return errno
                }
            }
            return nil
        }
        if let failure { throw PersistenceError(FileSystemError(.write, path: path, code: failure)) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PersistenceError(FileSystemError(.write, path: path, code: errno)) }
        return (Int(info.st_size), UInt64(info.st_ino))
    }

    /// Starts the journal again for the snapshot `id` (after that snapshot was written, so it holds
    /// everything); returns the new end and the file's inode.
    func reset(id: String) throws -> (end: Int, inode: UInt64) {
        _ = close(try open(O_WRONLY | O_TRUNC | O_CREAT))
        var header = try JSONEncoder().encode(Header(journal: id))
        header.append(0x0A)
        return try appendBytes(header)
    }

    /// Opens the journal for writing (created 0600), or throws naming it.
    private func open(_ flags: Int32) throws -> Int32 {
        switch folder.openFile(name, flags, mode: mode_t(0o600)) {
        case .success(let descriptor): return descriptor
        case .failure(let failure): throw PersistenceError(FileSystemError(.write, path: path, code: failure.code))
        }
    }
}
