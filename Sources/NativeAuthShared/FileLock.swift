#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advisory `flock(2)` locks on a lock file, shared with other threads and other processes.
///
/// Every acquisition opens the lock file anew. `flock` locks belong to the open file description, so two
/// acquisitions exclude each other even within one process (two threads, two tasks, two emulators),
/// exactly as they do across processes. Do not take an exclusive lock inside a body holding the same
/// lock file: it would wait for itself. Lock files are created with mode 0600 and opened close-on-exec,
/// so a child process never inherits a held lock. `EINTR` is retried.
///
/// Failures of the lock itself reach the caller through `mapFailure`, which turns the neutral
/// ``FileSystemError`` into the caller's own error; what `body` throws passes through untouched.
package enum FileLock {
    /// How the lock is shared.
    package enum Mode: Sendable {
        /// Many shared holders at once, but never together with an exclusive holder.
        case shared
        /// One holder at a time.
        case exclusive

        var operation: Int32 {
            switch self {
            case .shared: LOCK_SH
            case .exclusive: LOCK_EX
            }
        }
    }

    /// Runs `body` while holding the lock on the file at `path`, blocking the calling thread while waiting.
    ///
    /// - Parameters:
    ///   - unlockedIfUnavailable: When the lock file can be neither created nor opened (the folder is
    ///     missing, or read-only and the file absent), run `body` without the lock instead of failing.
    ///     A lock file that exists in a read-only folder is opened read-only and locked as usual.
    ///   - mapFailure: Turns a failure to open or lock the file (``FileSystemError/Operation/openLockFile``,
    ///     ``FileSystemError/Operation/lock``) into the error thrown.
    package static func withLock<T>(
        path: String, mode: Mode, unlockedIfUnavailable: Bool = false,
        mapFailure: (FileSystemError) -> any Error, _ body: () throws -> T
    ) throws -> T {
        let descriptor: Int32
        switch openLockFile(path) {
        case .success(let opened):
            descriptor = opened
        case .failure(let failure):
            if unlockedIfUnavailable { return try body() }
            throw mapFailure(failure)
        }
        defer { unlockAndClose(descriptor) }
        while flock(descriptor, mode.operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw mapFailure(FileSystemError(.lock, path: path, code: code))
        }
        return try body()
    }

    /// Runs `body` while holding the exclusive lock on the file at `path`, waiting without blocking a thread.
    ///
    /// Polls with `LOCK_NB` and sleeps 5 ms between attempts. Throws `CancellationError` when the task is
    /// cancelled while waiting, and `mapFailure` of ``FileSystemError/Operation/lockTimedOut`` (`ETIMEDOUT`)
    /// when the lock is still held by another after `timeout` (`.zero`: a single attempt).
    package static func withExclusiveLock<T: Sendable>(
        path: String, timeout: Duration, mapFailure: (FileSystemError) -> any Error,
        _ body: @Sendable () async throws -> T
    ) async throws -> T {
        let descriptor: Int32
        switch openLockFile(path) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw mapFailure(failure)
        }
        defer { unlockAndClose(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw mapFailure(FileSystemError(.lock, path: path, code: code))
            }
            guard clock.now < deadline else {
                throw mapFailure(FileSystemError(.lockTimedOut, path: path, code: ETIMEDOUT))
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await body()
    }

    /// Opens the lock file, creating it with mode 0600 if needed, or read-only when it cannot be written.
    private static func openLockFile(_ path: String) -> Result<Int32, FileSystemError> {
        var descriptor = openRetryingOnInterrupt(path, O_RDWR | O_CREAT | O_CLOEXEC, mode: 0o600)
        var code = errno
        if descriptor < 0, code == EACCES || code == EROFS || code == EPERM {
            // flock works on a read-only descriptor too (a reader in a read-only folder).
            descriptor = openRetryingOnInterrupt(path, O_RDONLY | O_CLOEXEC, mode: 0)
            if descriptor < 0 { code = errno }
        }
        guard descriptor >= 0 else { return .failure(FileSystemError(.openLockFile, path: path, code: code)) }
        return .success(descriptor)
    }

    private static func openRetryingOnInterrupt(_ path: String, _ flags: Int32, mode: mode_t) -> Int32 {
        while true {
            let descriptor = open(path, flags, mode)
            if descriptor >= 0 || errno != EINTR { return descriptor }
        }
    }

    private static func unlockAndClose(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }
}
