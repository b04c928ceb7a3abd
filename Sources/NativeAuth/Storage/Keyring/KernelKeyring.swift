#if os(Linux)
#if canImport(CKernelKeys)
import CKernelKeys
#endif

/// The login session's kernel keyring (`@s`, keyrings(7)): small named values kept in kernel memory
/// (never on disk), reachable only by this user's processes in the same session (and root), each
/// removed by the kernel when its lifetime ends or when the session's last process does. What
/// ``SecretServiceReadCache`` keeps its copies in.
///
/// A login that made its own session keyring (pam_keyinit: desktop and SSH logins on Debian, Ubuntu
/// and Fedora) has one another login of the same user cannot search, and which goes with the login. A
/// process started outside such a login (cron, many containers) has none: the kernel then gives it
/// the user's session keyring (`@us`), which every such process of the user shares until the user's
/// last process ends; this type never makes a session keyring of its own (it would die with the
/// thread that made it).
///
/// Every call is one system call or two, and fails quietly: a kernel without keys, a container whose
/// seccomp filter refuses them, or a full quota (`/proc/sys/kernel/keys/maxbytes`, 20,000 bytes per
/// user by default) only means that nothing is kept. Built without the `CKernelKeys` module (as the
/// fuzz targets are, from the library's sources alone), it keeps nothing.
enum KernelKeyring {
    /// The largest value a "user" key holds.
    static let maximumValueBytes = 32_767

    /// The value named `name`, if there is one and it fits in ``maximumValueBytes``.
    static func value(named name: String) -> [UInt8]? {
        #if canImport(CKernelKeys)
        let serial = search(name)
        guard serial >= 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: maximumValueBytes)
        let length = buffer.withUnsafeMutableBytes { ckeys_read(serial, $0.baseAddress, $0.count) }
        guard length >= 0, length <= maximumValueBytes else { return nil }
        return Array(buffer.prefix(length))
        #else
        return nil
        #endif
    }

    /// Keeps `value` under `name` for `seconds` (1 to one day), replacing what was there. Returns
    /// whether it was kept; when it was not, nothing is left under `name`.
    @discardableResult
    static func keep(_ value: [UInt8], named name: String, seconds: Int) -> Bool {
        guard value.count <= maximumValueBytes, (1...86_400).contains(seconds) else {
            remove(named: name)
            return false
        }
        #if canImport(CKernelKeys)
        let keyring = ckeys_session_keyring()
        let serial = keyring < 0 ? keyring : value.withUnsafeBytes { ckeys_add(keyring, name, $0.baseAddress, $0.count) }
        guard serial >= 0 else {
            remove(named: name)
            return false
        }
        guard ckeys_set_timeout(serial, UInt32(seconds)) >= 0 else {
            _ = ckeys_invalidate(serial)
            return false
        }
        return true
        #else
        return false
        #endif
    }

    /// Removes the value named `name`, if there is one.
    static func remove(named name: String) {
        #if canImport(CKernelKeys)
        let serial = search(name)
        if serial >= 0 { _ = ckeys_invalidate(serial) }
        #endif
    }

    #if canImport(CKernelKeys)
    /// The serial number of the value named `name` in the session keyring (or what it links), or -errno.
    private static func search(_ name: String) -> Int {
        let keyring = ckeys_session_keyring()
        return keyring < 0 ? keyring : ckeys_search(keyring, name)
    }
    #endif
}
#endif
