import Foundation
import NativeAuthShared

/// A file a command of `nativeauth-emulator` reads (`import FILE`; `-` is standard input). One that
/// cannot be read says why in words (`cannot read FILE: no such file`), not in Foundation's error text.
enum InputFile {
    /// Why a file could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "cannot read \(path): \(reason)" }
    }

    /// The bytes of the file at `path`, or of standard input for `-` (``FileDescriptorIO``).
    static func read(_ path: String) throws(Unreadable) -> Data {
        if path == "-" { return try read(STDIN_FILENO, path: path) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(path: path, reason: reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw Unreadable(path: path, reason: "it is a folder")
        }
        return try read(descriptor, path: path)
    }

    private static func read(_ descriptor: Int32, path: String) throws(Unreadable) -> Data {
        do {
            return try FileDescriptorIO.read(upToCount: .max, from: descriptor, path: path)
        } catch {
            throw Unreadable(path: path, reason: reason(error.code))
        }
    }

    private static func reason(_ number: Int32) -> String {
        switch number {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        default: String(cString: strerror(number))
        }
    }
}
