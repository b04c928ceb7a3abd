#if os(Linux)
#if canImport(CKernelKeys)
import CKernelKeys
#endif

/// The calling user's kernel keyring (`@u`, keyrings(7)): small named values kept in kernel memory
/// (never on disk), reachable only by this user's processes and root, each removed by the kernel
/// when its lifetime ends. What ``SecretServiceReadCache`` keeps its copies in.
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
        let serial = ckeys_search(name)
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
        let serial = value.withUnsafeBytes { ckeys_add(name, $0.baseAddress, $0.count) }
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
        let serial = ckeys_search(name)
        if serial >= 0 { _ = ckeys_invalidate(serial) }
        #endif
    }
}
#endif
