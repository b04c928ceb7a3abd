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

/// A file operation of ``FileLock``, ``AtomicFile`` or ``PrivateDirectory`` that failed: which
/// operation, on which path, and the system's `errno`.
///
/// Neutral on purpose: the library turns it into a `TokenStoreError`, the emulator into its
/// `PersistenceError`, each with its own words.
package struct FileSystemError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was being done.
    package enum Operation: Sendable, Equatable {
        /// Looking at an existing folder (`stat` failed other than with `ENOENT`).
        case inspectDirectory
        /// Creating a folder or one of its parents.
        case createDirectory
        /// The path exists but is not a folder (`code` is `ENOTDIR`).
        case notADirectory
        /// Restricting a folder to its owner (mode 0700).
        case restrictDirectory
        /// The folder or file belongs to another user (`code` is `EPERM`).
        case notOwned
        /// The folder may be written by its group or by others (`code` is `EPERM`).
        case writableByOthers
        /// The way to the folder goes through a symbolic link that belongs to another user (neither the
        /// caller nor root), which is not followed (`code` is `EPERM`; `path` is the link).
        case linkNotOwned
        /// A folder is missing, and the folder it would be made in belongs to another user (neither the
        /// caller nor root), so nothing is made there (`code` is `EPERM`; `path` is that folder).
        case parentNotOwned
        /// The path is not a regular file, or is a symbolic link (`code` is `ELOOP` or `EINVAL`).
        case notARegularFile
        /// Reading a file.
        case read
        /// The file holds more than ``PrivateFile/maximumSize`` bytes, so it was not read (`code` is
        /// `EFBIG`).
        case tooLarge
        /// Restricting a file to its owner (mode 0600).
        case restrictFile
        /// Creating or opening a lock file.
        case openLockFile
        /// Taking a lock (`flock`).
        case lock
        /// Waiting for a lock longer than allowed (`code` is `ETIMEDOUT`).
        case lockTimedOut
        /// Creating the temporary file of an atomic write.
        case createTemporaryFile
        /// Setting mode 0600 on the temporary file.
        case setPermissions
        /// Writing the temporary file.
        case write
        /// Flushing the temporary file to disk (`fsync`).
        case flush
        /// Closing the temporary file.
        case close
        /// Renaming the temporary file over the destination.
        case replace

        /// A short phrase, such as `creating a temporary file`.
        package var phrase: String {
            switch self {
            case .inspectDirectory: "opening the folder"
            case .createDirectory: "creating the folder"
            case .notADirectory: "using it as a folder"
            case .restrictDirectory: "restricting the folder to its owner"
            case .notOwned: "checking its owner: it belongs to another user"
            case .writableByOthers: "checking its permissions: others may write to it"
            case .linkNotOwned: "following it: it is a symbolic link that belongs to another user"
            case .parentNotOwned: "creating a folder in it: it belongs to another user"
            case .notARegularFile: "opening it: it is not a regular file (or is a symbolic link)"
            case .read: "reading"
            case .tooLarge: "reading it: it is larger than \(PrivateFile.maximumSize / (1024 * 1024)) MiB"
            case .restrictFile: "restricting the file to its owner"
            case .openLockFile: "opening the lock file"
            case .lock: "locking"
            case .lockTimedOut: "waiting for the lock"
            case .createTemporaryFile: "creating a temporary file"
            case .setPermissions: "setting permissions"
            case .write: "writing"
            case .flush: "flushing to disk"
            case .close: "closing"
            case .replace: "replacing the old file"
            }
        }
    }

    /// What was being done.
    package let operation: Operation
    /// The path concerned: the folder, the lock file, or, for an atomic write, the destination file
    /// (not its temporary file).
    package let path: String
    /// The `errno` value.
    package let code: Int32

    /// Creates an error.
    package init(_ operation: Operation, path: String, code: Int32) {
        self.operation = operation
        self.path = path
        self.code = code
    }

    /// The system's sentence for ``code``, such as `Permission denied`.
    package var systemMessage: String { Self.describe(errno: code) }

    /// `path: phrase: system message`, such as `/x/state.lock: opening the lock file: Permission denied`.
    package var description: String { "\(path): \(operation.phrase): \(systemMessage)" }

    /// The system's sentence for an `errno` value, such as `Permission denied`.
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }
}

/// A failed system call's `errno`, where a `Result` needs an error type.
package struct Errno: Error, Sendable, Equatable {
    package let code: Int32

    package init(_ code: Int32) {
        self.code = code
    }
}
