import Foundation

/// A file a command of `nativeauth-emulator` reads (`import FILE`; `-` is standard input). One that
/// cannot be read says why in words (`cannot read FILE: no such file`), not in Foundation's error text.
enum InputFile {
    /// Why a file could not be read.
    struct Unreadable: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "cannot read \(path): \(reason)" }
    }

    /// The bytes of the file at `path`, or of standard input for `-`.
    static func read(_ path: String) throws(Unreadable) -> Data {
        if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Unreadable(path: path, reason: reason(errno)) }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
            throw Unreadable(path: path, reason: "it is a folder")
        }
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            throw Unreadable(path: path, reason: reason(errno))
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
