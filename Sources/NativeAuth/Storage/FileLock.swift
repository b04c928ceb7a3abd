#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Advisory `flock(2)` locks on a lock file.
///
/// Every acquisition opens the lock file anew. `flock` locks belong to the open file description, so two
/// acquisitions exclude each other even within one process (two threads or two tasks), exactly as they do
/// across processes. Lock files are opened close-on-exec, so a child process never inherits a held lock.
enum FileLock {
    /// How the lock is shared.
    enum Mode {
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
    ///   - openFailure: The reason reported when the lock file cannot be created or opened.
    ///   - unlockedIfUnavailable: When the lock file cannot be created or opened because the folder is
    ///     missing, read-only or not ours, run `body` without the lock instead of throwing.
    static func withLock<T>(
        path: String, mode: Mode, openFailure: TokenStoreError.Reason, unlockedIfUnavailable: Bool = false,
        _ body: () throws -> T
    ) throws -> T {
        let descriptor: Int32
        do {
            descriptor = try openLockFile(path, failure: openFailure)
        } catch let error as LockFileUnavailable {
            if unlockedIfUnavailable { return try body() }
            throw error.storeError
        }
        defer { unlockAndClose(descriptor) }
        while flock(descriptor, mode.operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw TokenStoreError(
                .lockFailed, path: path,
                message: "Could not lock \(path): \(describeErrno(code)).")
        }
        return try body()
    }

    /// Runs `body` while holding the exclusive lock on the file at `path`, waiting without blocking a thread.
    ///
    /// Polls with `LOCK_NB` and sleeps 5 ms between attempts. Throws `CancellationError` when the task is
    /// cancelled while waiting, and a ``TokenStoreError`` with reason `.lockFailed` after `timeout`.
    static func withExclusiveLock<T: Sendable>(
        path: String, timeout: Duration, openFailure: TokenStoreError.Reason,
        _ body: @Sendable () async throws -> T
    ) async throws -> T {
        let descriptor: Int32
        do {
            descriptor = try openLockFile(path, failure: openFailure)
        } catch let error as LockFileUnavailable {
            throw error.storeError
        }
        defer { unlockAndClose(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw TokenStoreError(
                    .lockFailed, path: path,
                    message: "Could not lock \(path): \(describeErrno(code)).")
            }
            guard clock.now < deadline else {
                throw TokenStoreError(
                    .lockFailed, path: path,
                    message: "Gave up after \(timeout) waiting for the lock \(path): another process "
                        + "may be stuck while refreshing tokens.")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await body()
    }

    /// The lock file could not be opened; `storeError` says why.
    private struct LockFileUnavailable: Error {
        let storeError: TokenStoreError
    }

    /// Opens the lock file, creating it with mode 0600 if needed, or read-only when it cannot be written.
    private static func openLockFile(_ path: String, failure: TokenStoreError.Reason) throws -> Int32 {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, mode_t(0o600))
        var code = errno
        if descriptor < 0, code == EACCES || code == EROFS || code == EPERM {
            // flock works on a read-only descriptor too (a reader in a read-only folder).
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 { code = errno }
        }
        guard descriptor >= 0 else {
            throw LockFileUnavailable(
                storeError: TokenStoreError(
                    failure, path: path,
                    message: "Could not open the lock file \(path): \(describeErrno(code))."))
        }
        return descriptor
    }

    private static func unlockAndClose(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }
}

/// The system's sentence for an `errno` value, such as "Permission denied".
func describeErrno(_ code: Int32) -> String {
    String(cString: strerror(code))
}
