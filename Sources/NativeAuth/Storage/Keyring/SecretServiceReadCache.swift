#if os(Linux)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// A short-lived copy of each account's keyring secret in the kernel's session keyring
/// (``KernelKeyring``), so that a read of accounts already read from the keyring costs one call to the
/// keyring daemon per account instead of two: `Properties.GetAll` on the item, which says whether it
/// is locked and when it last changed, with no session and no secret on the bus.
///
/// A copy is used only when all of this holds, else the item is read from the keyring as before
/// (and the copy made again):
/// - it was made from the item at the path ``SecretServiceItemPaths`` remembers for the account, and
///   holds that account (``SecretServiceItem/account(from:expected:)``);
/// - its lifetime has not ended: at most ten minutes, and never past the time when the account's
///   latest access token stops being worth serving (five minutes before it expires);
/// - the item is still there, is not locked (a copy of a locked item is removed at once), and was last
///   changed in a second before the copy was made, so a change made in a keyring manager or by
///   `secret-tool` is never hidden by an older copy.
///
/// Every write of the store removes the copies of the accounts it changes or removes before it
/// touches their items, under the store's lock, as reads make them: so a copy never outlives the
/// item it was made from, even in another process.
///
/// The copies hold secrets, refresh tokens included, in kernel memory only: not in any file, and
/// gone at the latest when their lifetime ends or the machine stops. While the keyring is locked, a
/// process of the same user could still read a copy made before it was locked for what is left of
/// its lifetime (at most ten minutes); docs/SECURITY.md says so.
struct SecretServiceReadCache {
    /// The longest a copy is kept.
    static let longestLifetime = 600

    /// The start of every name this store's copies have in the session keyring.
    private let prefix: String

    /// The copies of the store of `application`'s items listed in `directory`.
    init(application: String, directory: URL) {
        let store = directory.standardizedFileURL.path + "\n" + application
        prefix = "nativeauth:" + HexText.lowercase(SHA256Hash.digest(Array(store.utf8)).prefix(12))
    }

    /// `account`'s secret as it was read from the item at `path` (the whole account), if a copy
    /// that may still be used is kept, with the second it was made in.
    func copy(of account: StoredAccount, path: String, now: Date) -> (account: StoredAccount, madeAt: UInt64)? {
        let name = name(of: account)
        guard let bytes = KernelKeyring.value(named: name),
              let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        let lines = text.split(separator: "\n", maxSplits: 4, omittingEmptySubsequences: false)
        guard lines.count == 5, lines[0] == "1", let madeAt = UInt64(lines[2]), let until = UInt64(lines[3]) else { return nil }
        guard Double(until) > now.timeIntervalSince1970 else {
            // Past its own end: a process killed between keeping it and setting its lifetime left it
            // without one.
            KernelKeyring.remove(named: name)
            return nil
        }
        guard lines[1] == path, case .success(let full) = SecretServiceItem.account(from: String(lines[4]), expected: account)
        else { return nil }
        return (full, madeAt)
    }

    /// Keeps a copy of `account` (its whole secret) as read from the item at `path`, a read that began
    /// at `now`, for as long as its access tokens are worth serving (see the type's comment); keeps
    /// none, and removes any older one, when that is no time at all or the copy cannot be kept.
    func keep(_ account: StoredAccount, path: String, now: Date) {
        let latest = account.accessTokens.map(\.expiresOn).max() ?? .distantPast
        let useful = latest.timeIntervalSince(now) - StoredAccessToken.servingMargin
        let seconds = min(Double(Self.longestLifetime), useful.rounded(.down))
        guard seconds >= 1, let secret = try? SecretServiceItem.secret(of: account) else {
            forget(account)
            return
        }
        let madeAt = UInt64(now.timeIntervalSince1970.rounded(.down))
        let value = ["1", path, String(madeAt), String(madeAt + UInt64(seconds)), secret].joined(separator: "\n")
        KernelKeyring.keep(Array(value.utf8), named: name(of: account), seconds: Int(seconds))
    }

    /// Removes the copy of `account`, if one is kept.
    func forget(_ account: StoredAccount) {
        KernelKeyring.remove(named: name(of: account))
    }

    /// The name of `account`'s copy: the store's prefix and a hash of the account's place and identifier.
    private func name(of account: StoredAccount) -> String {
        prefix + ":" + HexText.lowercase(SHA256Hash.digest(Array(SecretServiceItemPaths.key(of: account).utf8)).prefix(12))
    }
}
#endif
