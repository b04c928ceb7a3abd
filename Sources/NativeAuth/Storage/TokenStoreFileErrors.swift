import NativeAuthShared

extension TokenStoreError {
    /// The token store's error for a file operation that failed in its folder.
    ///
    /// - Parameters:
    ///   - openFailure: The reason reported when a lock file cannot be created or opened.
    ///   - lockTimeout: How long a lock was waited for, for the message of a lock that timed out.
    init(_ failure: FileSystemError, openFailure: Reason = .unwritable, lockTimeout: Duration? = nil) {
        let path = failure.path
        let system = failure.systemMessage
        switch failure.operation {
        case .inspectDirectory:
            self.init(.unreadable, path: path, message: "Could not open the token store folder \(path): \(system).")
        case .createDirectory:
            self.init(.unwritable, path: path, message: "Could not create the token store folder \(path): \(system).")
        case .notADirectory:
            self.init(.unwritable, path: path, message: "The token store folder \(path) exists but is not a folder.")
        case .restrictDirectory:
            self.init(
                .unwritable, path: path,
                message: "Could not restrict the token store folder \(path) to its owner: \(system).")
        case .notOwned:
            self.init(
                .unreadable, path: path,
                message: "\(path) belongs to another user: a token store must be the user's own, so it was not used.")
        case .writableByOthers:
            self.init(
                .unreadable, path: path,
                message: "The token store folder \(path) may be written by other users, so it was not used: "
                    + "restrict it (chmod 700 \(path)) or choose another folder.")
        case .linkNotOwned:
            self.init(
                .unreadable, path: path,
                message: "The way to the token store goes through \(path), a symbolic link that belongs to another user, "
                    + "so it was not followed and nothing was read or written: choose another folder (--store-dir), "
                    + "or check HOME and XDG_STATE_HOME (under sudo, use sudo -H or sudo -i).")
        case .parentNotOwned:
            self.init(
                .unwritable, path: path,
                message: "The token store folder would be made in \(path), which belongs to another user, so nothing was "
                    + "created there: choose another folder (--store-dir), or check HOME and XDG_STATE_HOME (under sudo, "
                    + "use sudo -H or sudo -i).")
        case .notARegularFile:
            self.init(
                .unreadable, path: path,
                message: "\(path) is not a regular file (it may be a symbolic link), so it was not used.")
        case .read:
            self.init(.unreadable, path: path, message: "Could not read the token store \(path): \(system).")
        case .tooLarge:
            self.init(
                .unreadable, path: path,
                message: "\(path) is larger than \(PrivateFile.maximumSize / (1024 * 1024)) MiB, far more than a token store holds, "
                    + "so it was not read: move it away or delete it to start over, which signs out its accounts; nothing was changed.")
        case .restrictFile:
            self.init(
                .unreadable, path: path,
                message: "The token store \(path) may be read by other users and could not be restricted to its owner: \(system).")
        case .openLockFile:
            self.init(openFailure, path: path, message: "Could not open the lock file \(path): \(system).")
        case .lock:
            self.init(.lockFailed, path: path, message: "Could not lock \(path): \(system).")
        case .lockTimedOut:
            let waited = lockTimeout.map { "\($0)" } ?? "too long"
            self.init(
                .lockFailed, path: path,
                message: "Gave up after \(waited) waiting for the lock \(path): another process "
                    + "may be stuck while refreshing tokens.")
        case .createTemporaryFile, .setPermissions, .write, .flush, .close, .replace:
            self.init(
                .unwritable, path: path,
                message: "Could not write the token store \(path) (\(failure.operation.phrase)): \(system).")
        }
    }
}
