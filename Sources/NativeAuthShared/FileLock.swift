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
/// lock file: it would wait for itself. Lock files are created with mode 0600 and opened close-on-exec
/// (a child process never inherits a held lock), never through a symbolic link (`O_NOFOLLOW`), and
/// must be regular files of the effective user. `EINTR` is retried.
///
/// Failures of the lock itself reach the caller through `mapFailure`, which turns the neutral
/// ``FileSystemError`` into the caller's own error; what `body` throws passes through untouched. The
/// blocking `withLock` throws the type `body` and `mapFailure` share, so a caller whose body throws one
/// type catches only that type.
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
    ///   - unlockedIfUnavailable: When the lock file can be neither created nor opened because the folder
    ///     is missing or read-only (`ENOENT`, `EACCES`, `EPERM`, `EROFS`), run `body` without the lock
    ///     instead of failing. A lock file that exists in a read-only folder is opened read-only and
    ///     locked as usual. A symbolic link in place of the lock file is never followed: it fails.
    ///   - whenWaiting: Called once, on the waiting thread, when the lock has been held by another for
    ///     ``noticeDelay``; the wait then goes on. Nil: no notice.
    ///   - mapFailure: Turns a failure to open or lock the file (``FileSystemError/Operation/openLockFile``,
    ///     ``FileSystemError/Operation/lock``) into the error thrown.
    package static func withLock<T, Failure: Error>(
        path: String, mode: Mode, unlockedIfUnavailable: Bool = false, whenWaiting: (() -> Void)? = nil,
        mapFailure: (FileSystemError) -> Failure, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        try withLock(opening: { openLockFile(path) }, path: path, mode: mode, unlockedIfUnavailable: unlockedIfUnavailable,
                     whenWaiting: whenWaiting, mapFailure: mapFailure, body)
    }

    /// ``withLock(path:mode:unlockedIfUnavailable:whenWaiting:mapFailure:_:)`` on the lock file `name` in `directory`.
    package static func withLock<T, Failure: Error>(
        in directory: DirectoryHandle, name: String, mode: Mode, unlockedIfUnavailable: Bool = false,
        whenWaiting: (() -> Void)? = nil, mapFailure: (FileSystemError) -> Failure, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        try withLock(opening: { openLockFile(name, in: directory) }, path: directory.pathOf(name), mode: mode,
                     unlockedIfUnavailable: unlockedIfUnavailable, whenWaiting: whenWaiting, mapFailure: mapFailure, body)
    }

    /// How long a wait for another holder of a lock lasts before its `whenWaiting` notice: long enough that
    /// a holder's ordinary read or write (milliseconds) never causes one.
    package static let noticeDelay: Duration = .seconds(1)

    private static func withLock<T, Failure: Error>(
        opening: () -> Result<Int32, FileSystemError>, path: String, mode: Mode, unlockedIfUnavailable: Bool,
        whenWaiting: (() -> Void)?, mapFailure: (FileSystemError) -> Failure, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let descriptor: Int32
        switch opening() {
        case .success(let opened):
            descriptor = opened
        case .failure(let failure):
            if unlockedIfUnavailable, [ENOENT, EACCES, EPERM, EROFS].contains(failure.code), failure.operation == .openLockFile {
                return try body()
            }
            throw mapFailure(failure)
        }
        defer { unlockAndClose(descriptor) }
        if let whenWaiting {
            switch pollUntilNotice(descriptor, mode: mode) {
            case .locked: return try body()
            case .failed(let code): throw mapFailure(FileSystemError(.lock, path: path, code: code))
            case .stillHeld: whenWaiting()
            }
        }
        while flock(descriptor, mode.operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            throw mapFailure(FileSystemError(.lock, path: path, code: code))
        }
        return try body()
    }

    private enum Poll {
        case locked, stillHeld, failed(Int32)
    }

    /// Tries the lock without blocking every 10 ms for ``noticeDelay``.
    private static func pollUntilNotice(_ descriptor: Int32, mode: Mode) -> Poll {
        let clock = ContinuousClock()
        let notice = clock.now.advanced(by: noticeDelay)
        while true {
            if flock(descriptor, mode.operation | LOCK_NB) == 0 { return .locked }
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else { return .failed(code) }
            guard clock.now < notice else { return .stillHeld }
            _ = usleep(10_000)
        }
    }

    /// Runs `body` while holding the exclusive lock on the file at `path`, waiting without blocking a thread.
    ///
    /// Polls with `LOCK_NB` and sleeps 5 ms between attempts. Throws `CancellationError` when the task is
    /// cancelled while waiting, and `mapFailure` of ``FileSystemError/Operation/lockTimedOut`` (`ETIMEDOUT`)
    /// when the lock is still held by another after `timeout` (`.zero`: a single attempt). `whenWaiting` is
    /// called once when the lock has been held by another for ``noticeDelay`` and the wait goes on.
    package static func withExclusiveLock<T: Sendable>(
        path: String, timeout: Duration, whenWaiting: (() -> Void)? = nil, mapFailure: (FileSystemError) -> any Error,
        _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await withExclusiveLock(opened: openLockFile(path), path: path, timeout: timeout, whenWaiting: whenWaiting,
                                    mapFailure: mapFailure, body)
    }

    /// ``withExclusiveLock(path:timeout:whenWaiting:mapFailure:_:)`` on the lock file `name` in `directory`.
    package static func withExclusiveLock<T: Sendable>(
        in directory: DirectoryHandle, name: String, timeout: Duration, whenWaiting: (() -> Void)? = nil,
        mapFailure: (FileSystemError) -> any Error, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        try await withExclusiveLock(opened: openLockFile(name, in: directory), path: directory.pathOf(name),
                                    timeout: timeout, whenWaiting: whenWaiting, mapFailure: mapFailure, body)
    }

    private static func withExclusiveLock<T: Sendable>(
        opened: Result<Int32, FileSystemError>, path: String, timeout: Duration, whenWaiting: (() -> Void)?,
        mapFailure: (FileSystemError) -> any Error, _ body: @Sendable () async throws -> T
    ) async throws -> T {
        let descriptor: Int32
        switch opened {
        case .success(let value): descriptor = value
        case .failure(let failure): throw mapFailure(failure)
        }
        defer { unlockAndClose(descriptor) }
        let clock = ContinuousClock()
        let started = clock.now
        let deadline = started.advanced(by: timeout)
        var notice = whenWaiting
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            guard code == EWOULDBLOCK || code == EAGAIN else {
                throw mapFailure(FileSystemError(.lock, path: path, code: code))
            }
            guard clock.now < deadline else {
                throw mapFailure(FileSystemError(.lockTimedOut, path: path, code: ETIMEDOUT))
            }
            if let given = notice, started.duration(to: clock.now) >= noticeDelay {
                notice = nil
                given()
            }
            try await Task.sleep(for: .milliseconds(5))
        }
        return try await body()
    }

    /// Opens the lock file, creating it with mode 0600 if needed, or read-only when it cannot be
    /// written. Never follows a symbolic link (`O_NOFOLLOW`): a root process must not create or lock a
    /// file wherever a planted link points.
    private static func openLockFile(_ path: String) -> Result<Int32, FileSystemError> {
        let opened = openReadWriteOrReadOnly { flags, mode in
            while true {
                let descriptor = open(path, flags | O_NOFOLLOW | O_CLOEXEC, mode)
                if descriptor >= 0 { return .success(descriptor) }
                if errno != EINTR { return .failure(Errno(errno)) }
            }
        }
        return checked(opened, path: path)
    }

    private static func openLockFile(_ name: String, in directory: DirectoryHandle) -> Result<Int32, FileSystemError> {
        checked(openReadWriteOrReadOnly { flags, mode in directory.openFile(name, flags, mode: mode) }, path: directory.pathOf(name))
    }

    private static func openReadWriteOrReadOnly(_ open: (Int32, mode_t) -> Result<Int32, Errno>) -> Result<Int32, Errno> {
        let first = open(O_RDWR | O_CREAT, 0o600)
        if case .failure(let failure) = first, [EACCES, EROFS, EPERM].contains(failure.code) {
            // flock works on a read-only descriptor too (a reader in a read-only folder).
            return open(O_RDONLY, 0)
        }
        return first
    }

    /// A lock file must be a regular file of ours.
    private static func checked(_ opened: Result<Int32, Errno>, path: String) -> Result<Int32, FileSystemError> {
        switch opened {
        case .failure(let failure):
            return .failure(FileSystemError(.openLockFile, path: path, code: failure.code))
        case .success(let descriptor):
            do throws(FileSystemError) {
                try checkOwnFile(descriptor, path: path, restrict: false)
                return .success(descriptor)
            } catch {
                _ = close(descriptor)
                return .failure(error)
            }
        }
    }

    private static func unlockAndClose(_ descriptor: Int32) {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }
}
