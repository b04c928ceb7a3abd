import Foundation
import NativeAuthShared
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The admin token of a state folder while any emulator uses it: the first instance to start on a
/// folder makes a new token (and writes it to `admin-token`), every instance started while one still
/// runs takes the same token, so the documented `TOKEN=$(cat STATE/admin-token)` opens the admin API
/// of each of them. When the last one stops, the next start makes a new token again.
///
/// Each instance holds a shared `flock` on `admin-token.lock` for as long as it keeps its lease; a
/// start decides under the state folder's lock whether anyone else holds one (an exclusive lock it
/// cannot take at once). What a lease needs no cleaning up after a crash: the kernel drops the lock
/// with the process.
///
/// A token given to an instance (`--admin-token-file`, `NATIVEAUTH_EMULATOR_ADMIN_TOKEN`, so that
/// instances on several machines share one) takes the place of a new one: it is written to
/// `admin-token` when no other instance runs on the folder, and refused when others run there with
/// another token, so that the file still opens every instance running on the folder.
///
/// ```swift
/// let lease = try AdminTokenLease.acquire(stateDirectory: folder)   // keep it while serving
/// configuration.adminToken = lease.token
/// ```
public final class AdminTokenLease: Sendable {
    /// The admin token to serve with.
    public let token: String
    /// Whether another running instance made it (false: this start made a new one).
    public let isShared: Bool
    private let descriptor: Int32

    private init(token: String, isShared: Bool, descriptor: Int32) {
        self.token = token
        self.isShared = isShared
        self.descriptor = descriptor
    }

    deinit {
        _ = flock(descriptor, LOCK_UN)
        _ = close(descriptor)
    }

    static let lockName = "admin-token.lock"
    static let fileName = "admin-token"

    /// Takes a lease on the admin token of the state folder at `stateDirectory`: the token of the
    /// instances running on it, or, when none runs, `token` (when given) or a new one, written to
    /// `admin-token` (mode 0600). A given `token` that differs from the running instances' is an error.
    public static func acquire(stateDirectory: URL, token given: String? = nil) throws -> AdminTokenLease {
        let folder = try StateFolder.open(stateDirectory)
        return try folder.withExclusiveLock {
            let descriptor: Int32
            switch folder.openFile(lockName, O_RDWR | O_CREAT, mode: mode_t(0o600)) {
            case .success(let opened): descriptor = opened
            case .failure(let failure):
                throw PersistenceError(FileSystemError(.openLockFile, path: folder.path(of: lockName), code: failure.code))
            }
            do {
                let othersRun = try !lock(descriptor, LOCK_EX | LOCK_NB, path: folder.path(of: lockName))
                if othersRun, let shared = try readToken(in: folder) {
                    if let given, !Secrets.constantTimeEquals(given, shared) {
                        throw PersistenceError(description: "another emulator runs on \(folder.path) with another admin token: "
                            + "give this one the same token, or use another state folder")
                    }
                    try lock(descriptor, LOCK_SH, path: folder.path(of: lockName))
                    return AdminTokenLease(token: shared, isShared: true, descriptor: descriptor)
                }
                // Nobody else runs (or their token file is gone): the given token or a new one, then share the lock.
                let token = given ?? EmulatorConfiguration.makeAdminToken()
                try folder.atomicWrite(Data((token + "\n").utf8), to: fileName)
                try lock(descriptor, LOCK_SH, path: folder.path(of: lockName))
                return AdminTokenLease(token: token, isShared: false, descriptor: descriptor)
            } catch {
                _ = close(descriptor)
                throw error
            }
        }
    }

    /// Takes `operation` on the lock; false when `LOCK_NB` found it held.
    @discardableResult
    private static func lock(_ descriptor: Int32, _ operation: Int32, path: String) throws -> Bool {
        while flock(descriptor, operation) != 0 {
            let code = errno
            if code == EINTR { continue }
            if code == EWOULDBLOCK { return false }
            throw PersistenceError(FileSystemError(.lock, path: path, code: code))
        }
        return true
    }

    /// The token in `admin-token`, if it holds a well-formed one.
    private static func readToken(in folder: StateFolder) throws -> String? {
        guard let data = try folder.readIfPresent(fileName) else { return nil }
        let token = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.count >= 16 && !token.contains(where: \.isWhitespace) ? token : nil
    }
}
