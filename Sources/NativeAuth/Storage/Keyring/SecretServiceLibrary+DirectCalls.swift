#if os(Linux)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Glibc
import Synchronization

/// Secret Service calls made straight over GIO's D-Bus connection, without libsecret's objects: what
/// a read needs when the items' object paths are known (``SecretServiceItemPaths``).
///
/// libsecret's `secret_password_lookupv_sync` makes four calls to the keyring daemon for one item
/// (`Properties.GetAll` for its service proxy, `OpenSession`, `SearchItems`, `GetSecrets`). With the
/// item's path, the protocol needs two: `OpenSession` and `GetSecrets` (the protocol has no read
/// without a session). The session is opened with the `plain` algorithm, so a secret crosses the
/// session bus (a socket only this user and root can reach) unencrypted, as the specification allows:
/// a process that could read it there could as well ask the keyring for it. ``itemState(atPath:)``
/// asks only whether an item is locked and when it changed, in one call and with no session: what a
/// read of a copy kept by ``SecretServiceReadCache`` needs. Writes and removals still go through libsecret.
///
/// Every reply's type is checked before it is taken apart, so a service answering with something
/// else gets an error, not a crash.
extension SecretServiceLibrary {
    private static let service = "org.freedesktop.secrets"
    private static let servicePath = "/org/freedesktop/secrets"
    private static let serviceInterface = "org.freedesktop.Secret.Service"
    private static let itemInterface = "org.freedesktop.Secret.Item"
    /// How long one call may take (ms).
    private static let callTimeout: Int32 = 5_000

    /// The secrets of the items at `paths`, by path, with two calls to the keyring daemon the first time
    /// (one once the session is open). A path the keyring does not answer for (no such item, a locked
    /// one) is left out; a secret that is not UTF-8 text or is larger than
    /// ``SecretServiceItem/maximumSecretBytes`` is left out too.
    ///
    /// - Throws: a failure when the bus or the keyring cannot be reached, or answers with an error.
    func secrets(atPaths paths: [String]) throws(SecretServiceLibraryFailure) -> [String: String] {
        let valid = paths.filter(isObjectPath)
        guard !valid.isEmpty else { return [:] }
        return try gate.withLock { _ throws(SecretServiceLibraryFailure) in
            try withSessionBus { connection throws(SecretServiceLibraryFailure) in
                do throws(SecretServiceLibraryFailure) {
                    let session = try plainSession(connection)
                    return try getSecrets(valid, session: session, connection: connection)
                } catch {
                    // A daemon that restarted has forgotten the session.
                    directSession.withLock { $0 = nil }
                    throw error
                }
            }
        }
    }

    /// The object paths of the items with `attributes` (`SearchItems`, one call), unlocked ones first.
    func itemPaths(matching attributes: [String: String]) throws(SecretServiceLibraryFailure) -> [String] {
        try gate.withLock { _ throws(SecretServiceLibraryFailure) in
            try withSessionBus { connection throws(SecretServiceLibraryFailure) in
                let entries: [OpaquePointer?] = attributes.sorted { $0.key < $1.key }.map { key, value in
                    functions.variantNewDictEntry(functions.variantNewString(key), functions.variantNewString(value))
                }
                let array = entries.withUnsafeBufferPointer { functions.variantNewArray("{ss}", $0.baseAddress, $0.count) }
                let reply = try serviceCall(connection, "SearchItems", [array], replyType: "(aoao)")
                defer { functions.variantUnref(reply) }
                return objectPaths(in: reply, at: 0) + objectPaths(in: reply, at: 1)
            }
        }
    }

    /// Whether the item at `path` is locked and when it was last changed (its `Locked` and `Modified`
    /// properties, in seconds since 1970; 0 when the keyring does not say), with one call
    /// (`Properties.GetAll`); this reads no secret and needs no session.
    ///
    /// - Throws: a failure when the bus or the keyring cannot be reached, or has no item at `path`.
    func itemState(atPath path: String) throws(SecretServiceLibraryFailure) -> (locked: Bool, modified: UInt64) {
        guard isObjectPath(path) else { throw SecretServiceLibraryFailure(message: "\(path) is not an object path") }
        return try gate.withLock { _ throws(SecretServiceLibraryFailure) in
            try withSessionBus { connection throws(SecretServiceLibraryFailure) in
                let reply = try call(
                    connection, path: path, interface: "org.freedesktop.DBus.Properties", "GetAll",
                    [functions.variantNewString(Self.itemInterface)], replyType: "(a{sv})")
                defer { functions.variantUnref(reply) }
                let properties = functions.variantChild(reply, 0)
                defer { functions.variantUnref(properties) }
                // An item that does not say whether it is locked is taken to be locked.
                var locked = true
                if let value = functions.variantLookupValue(properties, "Locked", "b") {
                    locked = functions.variantGetBoolean(value) != 0
                    functions.variantUnref(value)
                }
                var modified: UInt64 = 0
                if let value = functions.variantLookupValue(properties, "Modified", "t") {
                    modified = functions.variantGetUInt64(value)
                    functions.variantUnref(value)
                }
                return (locked, modified)
            }
        }
    }

    /// Whether `text` is a D-Bus object path (GLib's own check).
    func isObjectPath(_ text: String) -> Bool {
        text.utf8.count <= 4096 && functions.isObjectPath(text) != 0
    }

    // MARK: - The calls

    /// The `plain` session of this process, opened with `OpenSession` the first time.
    private func plainSession(_ connection: OpaquePointer) throws(SecretServiceLibraryFailure) -> String {
        if let session = directSession.withLock({ $0 }) { return session }
        let input = functions.variantNewVariant(functions.variantNewString(""))
        let reply = try serviceCall(connection, "OpenSession", [functions.variantNewString("plain"), input], replyType: "(vo)")
        defer { functions.variantUnref(reply) }
        let path = functions.variantChild(reply, 1)
        defer { functions.variantUnref(path) }
        let session = string(path)
        directSession.withLock { $0 = session }
        return session
    }

    /// `GetSecrets(paths, session)`: `a{o(oayays)}`, each item's path with (session, parameters,
    /// value, content type); the value of a `plain` session is the secret itself.
    private func getSecrets(_ paths: [String], session: String, connection: OpaquePointer) throws(SecretServiceLibraryFailure) -> [String: String] {
        let items: OpaquePointer? = withCStrings(paths) { pointers in
            pointers.withUnsafeBufferPointer { functions.variantNewObjv($0.baseAddress, $0.count) }
        }
        let reply = try serviceCall(connection, "GetSecrets", [items, functions.variantNewObjectPath(session)], replyType: "(a{o(oayays)})")
        defer { functions.variantUnref(reply) }
        let dictionary = functions.variantChild(reply, 0)
        defer { functions.variantUnref(dictionary) }
        var secrets: [String: String] = [:]
        for index in 0..<functions.variantCount(dictionary) {
            let entry = functions.variantChild(dictionary, index)
            defer { functions.variantUnref(entry) }
            let key = functions.variantChild(entry, 0), value = functions.variantChild(entry, 1)
            defer {
                functions.variantUnref(key)
                functions.variantUnref(value)
            }
            let bytes = functions.variantChild(value, 2)
            defer { functions.variantUnref(bytes) }
            var count = 0
            guard let start = functions.variantFixedArray(bytes, &count, 1),
                  count <= SecretServiceItem.maximumSecretBytes,
                  let secret = String(validating: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
            else { continue }
            secrets[string(key)] = secret
        }
        return secrets
    }

    /// Calls `method` of the Secret Service with a tuple of `arguments` (floating references, which
    /// the call takes), checking that the reply is of `replyType`. The caller unrefs the reply.
    private func serviceCall(
        _ connection: OpaquePointer, _ method: String, _ arguments: [OpaquePointer?], replyType: String
    ) throws(SecretServiceLibraryFailure) -> OpaquePointer {
        try call(connection, path: Self.servicePath, interface: Self.serviceInterface, method, arguments, replyType: replyType)
    }

    /// Calls `method` of `interface` on the keyring's object at `path`, as ``serviceCall(_:_:_:replyType:)`` does.
    private func call(
        _ connection: OpaquePointer, path: String, interface: String, _ method: String, _ arguments: [OpaquePointer?],
        replyType: String
    ) throws(SecretServiceLibraryFailure) -> OpaquePointer {
        let parameters = arguments.withUnsafeBufferPointer { functions.variantNewTuple($0.baseAddress, $0.count) }
        var error: UnsafeMutableRawPointer?
        guard let reply = functions.connectionCall(
            connection, Self.service, path, interface, method, parameters, nil, 0,
            Self.callTimeout, nil, &error)
        else {
            throw failure(error, or: "the keyring did not answer \(method)")
        }
        guard let type = functions.variantTypeString(reply), String(cString: type) == replyType else {
            functions.variantUnref(reply)
            throw SecretServiceLibraryFailure(message: "the keyring answered \(method) with something unexpected")
        }
        return reply
    }

    /// Runs `body` with GIO's connection to the session bus (one per process, shared with libsecret);
    /// the caller holds ``gate``.
    func withSessionBus<T>(_ body: (OpaquePointer) throws(SecretServiceLibraryFailure) -> T) throws(SecretServiceLibraryFailure) -> T {
        var error: UnsafeMutableRawPointer?
        guard let connection = functions.busGet(2 /* G_BUS_TYPE_SESSION */, nil, &error) else {
            throw failure(error, or: "the session bus could not be reached")
        }
        defer { functions.objectUnrefTyped(connection) }
        return try body(connection)
    }

    /// The object paths of the `ao` child `index` of `tuple`.
    private func objectPaths(in tuple: OpaquePointer, at index: Int) -> [String] {
        let array = functions.variantChild(tuple, index)
        defer { functions.variantUnref(array) }
        return (0..<functions.variantCount(array)).map { item in
            let path = functions.variantChild(array, item)
            defer { functions.variantUnref(path) }
            return string(path)
        }
    }

    /// The text of a string or object path value.
    private func string(_ value: OpaquePointer?) -> String {
        functions.variantGetString(value, nil).map { String(cString: $0) } ?? ""
    }

    /// Runs `body` with C copies of `strings`, freed when it returns.
    private func withCStrings<T>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return body(copies.map { $0.map { UnsafePointer($0) } })
    }
}
#endif
