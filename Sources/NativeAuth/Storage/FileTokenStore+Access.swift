#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileTokenStore {
    /// Checks that the store can be read and changed now, changing nothing: reads it (a corrupt,
    /// unreadable or newer-format file fails) and, holding its lock, creates and removes a file in its
    /// folder. Call it before a sign-in, so that no one-time code is spent on a sign-in whose result
    /// could not be saved.
    ///
    /// ```swift
    /// try store.checkAccess()   // before app.signIn(parameters:)
    /// ```
    ///
    /// - Throws: ``TokenStoreError``.
    public func checkAccess() throws {
        _ = try read()
        let directory = try openPrivateDirectory(directoryPath, create: true)!
        try FileLock.withLock(in: directory, name: lockName, mode: .exclusive, whenWaiting: whenWaiting,
                              mapFailure: { TokenStoreError($0) }) {
            let probe = ".probe-" + UUID().uuidString
            switch directory.openFile(probe, O_CREAT | O_EXCL | O_WRONLY, mode: 0o600) {
            case .success(let descriptor):
                _ = close(descriptor)
                _ = unlinkat(directory.descriptor, probe, 0)
            case .failure(let failure):
                throw TokenStoreError(
                    .unwritable, path: directory.path,
                    message: "The token store folder \(directory.path) cannot be written: \(FileSystemError.describe(errno: failure.code)).")
            }
        }
    }
}
