import NativeAuthShared

/// Errors from the state folder.
struct PersistenceError: Error, CustomStringConvertible {
    var description: String
}

extension PersistenceError {
    /// The emulator's error for a file operation in the state folder that failed.
    init(_ failure: FileSystemError) {
        description = failure.description
    }
}
