#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The first write to this process's standard output that failed (a full disk, a closed descriptor):
/// a command whose result could not be written must not exit 0, or a script would go on with an
/// empty token. ``NativeAuthTool`` ends such a command with exit 1, saying why.
enum StandardOutputFailure {
    private static let code = Mutex<Int32>(0)

    /// Notes that a write failed with `errno` (the first failure is kept).
    static func record(errno failure: Int32) {
        code.withLock { if $0 == 0 { $0 = failure == 0 ? EIO : failure } }
    }

    /// The `errno` of the first failed write, if any.
    static var errno: Int32? {
        let value = code.withLock { $0 }
        return value == 0 ? nil : value
    }
}
