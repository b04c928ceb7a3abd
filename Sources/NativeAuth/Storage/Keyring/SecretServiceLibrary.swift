#if os(Linux)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import Glibc

/// libsecret (`libsecret-1.so.0`, and the GLib and GIO it brings), opened with dlopen the first time
/// a ``SecretServiceTokenStore`` reaches the keyring: it is not linked, so a program that never uses
/// the keyring never loads it, and a machine without it gets an error instead of failing to start.
///
/// Only libsecret's non-variadic calls are used (the `…v_sync` functions take a `GHashTable` of
/// attributes), so no C shim is needed. Calls are serialised: libsecret's synchronous calls each run
/// a main loop of their own, and the keyring is reached a few times per command at most.
final class SecretServiceLibrary: Sendable {
    /// The file name opened.
    static let name = "libsecret-1.so.0"

    /// The library, opened on first use; the reason it could not be when it could not.
    static let shared: Result<SecretServiceLibrary, SecretServiceLibraryFailure> = load()

    // GLib
    typealias HashTableNew = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> OpaquePointer?
    typealias HashTableInsert = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Int32
    typealias Unref = @convention(c) (OpaquePointer?) -> Void
    typealias ListFreeFull = @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Void
    typealias ListLength = @convention(c) (OpaquePointer?) -> UInt32
    typealias ErrorFree = @convention(c) (UnsafeMutableRawPointer?) -> Void
    // GIO and GVariant (the probe of the session bus)
    typealias BusGet = @convention(c) (Int32, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
    typealias ConnectionCall = @convention(c) (
        OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        OpaquePointer?, OpaquePointer?, Int32, Int32, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> OpaquePointer?
    typealias VariantNewString = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias VariantNewTuple = @convention(c) (UnsafePointer<OpaquePointer?>?, Int) -> OpaquePointer?
    typealias VariantChild = @convention(c) (OpaquePointer?, Int) -> OpaquePointer?
    typealias VariantUInt32 = @convention(c) (OpaquePointer?) -> UInt32
    // GVariant, for the Secret Service calls made without libsecret (SecretServiceLibrary+DirectCalls.swift)
    typealias VariantWrap = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias VariantNewObjv = @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, Int) -> OpaquePointer?
    typealias VariantGetString = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?
    typealias VariantCount = @convention(c) (OpaquePointer?) -> Int
    typealias VariantFixedArray = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int>?, Int) -> UnsafeRawPointer?
    typealias VariantTypeString = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    typealias VariantNewPair = @convention(c) (OpaquePointer?, OpaquePointer?) -> OpaquePointer?
    typealias VariantNewArray = @convention(c) (UnsafePointer<CChar>?, UnsafePointer<OpaquePointer?>?, Int) -> OpaquePointer?
    typealias IsObjectPath = @convention(c) (UnsafePointer<CChar>?) -> Int32
    typealias VariantLookupValue = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> OpaquePointer?
    typealias VariantGetBoolean = @convention(c) (OpaquePointer?) -> Int32
    typealias VariantGetUInt64 = @convention(c) (OpaquePointer?) -> UInt64
    // libsecret
    typealias SchemaNew = @convention(c) (UnsafePointer<CChar>?, Int32, OpaquePointer?) -> OpaquePointer?
    typealias Store = @convention(c) (
        OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Int32
    typealias Lookup = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> UnsafeMutablePointer<CChar>?
    typealias Clear = @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> Int32
    typealias Search = @convention(c) (OpaquePointer?, OpaquePointer?, Int32, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> OpaquePointer?
    typealias PasswordFree = @convention(c) (UnsafeMutablePointer<CChar>?) -> Void
    typealias Disconnect = @convention(c) () -> Void

    struct Functions: @unchecked Sendable {
        let strHash, strEqual, objectUnref: UnsafeMutableRawPointer
        let hashTableNew: HashTableNew, hashTableInsert: HashTableInsert, hashTableUnref: Unref
        let listFreeFull: ListFreeFull, listLength: ListLength, errorFree: ErrorFree
        let busGet: BusGet, connectionCall: ConnectionCall, objectUnrefTyped: Unref
        let variantNewString: VariantNewString, variantNewTuple: VariantNewTuple
        let variantChild: VariantChild, variantUInt32: VariantUInt32, variantUnref: Unref
        let schemaNew: SchemaNew, store: Store, lookup: Lookup, clear: Clear, search: Search, passwordFree: PasswordFree
        let disconnect: Disconnect
        let variantNewVariant: VariantWrap, variantNewObjectPath: VariantNewString, variantNewObjv: VariantNewObjv
        let variantGetString: VariantGetString, variantCount: VariantCount, variantFixedArray: VariantFixedArray
        let variantTypeString: VariantTypeString, variantNewDictEntry: VariantNewPair, variantNewArray: VariantNewArray
        let isObjectPath: IsObjectPath
        let variantLookupValue: VariantLookupValue, variantGetBoolean: VariantGetBoolean, variantGetUInt64: VariantGetUInt64
    }

    let functions: Functions
    /// The `plain` session the direct calls opened on the session bus, kept for the process (a session
    /// lives as long as the connection); nil until the first, and after a call failed.
    let directSession = Mutex<String?>(nil)
    /// The schema every item carries (`xdg:schema` = ``schemaName``), made once.
    private let schema: Mutex<SchemaHandle?>

    /// A `SecretSchema*`, never freed; only used under ``gate``.
    private struct SchemaHandle: @unchecked Sendable {
        let pointer: OpaquePointer?
    }
    /// One call at a time.
    let gate = Mutex(())
    /// How many items ``lookup(_:)`` looked up through libsecret, by their `application` attribute:
    /// what tests read to tell that a read took the direct path instead.
    let libsecretLookups = Mutex<[String: Int]>([:])

    /// The name of the schema of NativeAuth's items.
    static let schemaName = "org.nativeauth.Account"

    private init(functions: Functions) {
        self.functions = functions
        schema = Mutex(nil)
    }

    private static func load() -> Result<SecretServiceLibrary, SecretServiceLibraryFailure> {
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
            return .failure(SecretServiceLibraryFailure(message: "libsecret (\(name)) could not be loaded: \(reason)"))
        }
        var missing: [String] = []
        func symbol(_ name: String) -> UnsafeMutableRawPointer? {
            guard let pointer = dlsym(handle, name) else {
                missing.append(name)
                return nil
            }
            return pointer
        }
        func function<F>(_ name: String, _ type: F.Type) -> F? {
            symbol(name).map { unsafeBitCast($0, to: type) }
        }
        let functions: Functions? = {
            guard let strHash = symbol("g_str_hash"), let strEqual = symbol("g_str_equal"),
                  let objectUnref = symbol("g_object_unref"),
                  let hashTableNew = function("g_hash_table_new", HashTableNew.self),
                  let hashTableInsert = function("g_hash_table_insert", HashTableInsert.self),
                  let hashTableUnref = function("g_hash_table_unref", Unref.self),
                  let listFreeFull = function("g_list_free_full", ListFreeFull.self),
                  let listLength = function("g_list_length", ListLength.self),
                  let errorFree = function("g_error_free", ErrorFree.self),
                  let busGet = function("g_bus_get_sync", BusGet.self),
                  let connectionCall = function("g_dbus_connection_call_sync", ConnectionCall.self),
                  let variantNewString = function("g_variant_new_string", VariantNewString.self),
                  let variantNewTuple = function("g_variant_new_tuple", VariantNewTuple.self),
                  let variantChild = function("g_variant_get_child_value", VariantChild.self),
                  let variantUInt32 = function("g_variant_get_uint32", VariantUInt32.self),
                  let variantUnref = function("g_variant_unref", Unref.self),
                  let schemaNew = function("secret_schema_newv", SchemaNew.self),
                  let store = function("secret_password_storev_sync", Store.self),
                  let lookup = function("secret_password_lookupv_sync", Lookup.self),
                  let clear = function("secret_password_clearv_sync", Clear.self),
                  let search = function("secret_password_searchv_sync", Search.self),
                  let passwordFree = function("secret_password_free", PasswordFree.self),
                  let disconnect = function("secret_service_disconnect", Disconnect.self),
                  let variantNewVariant = function("g_variant_new_variant", VariantWrap.self),
                  let variantNewObjectPath = function("g_variant_new_object_path", VariantNewString.self),
                  let variantNewObjv = function("g_variant_new_objv", VariantNewObjv.self),
                  let variantGetString = function("g_variant_get_string", VariantGetString.self),
                  let variantCount = function("g_variant_n_children", VariantCount.self),
                  let variantFixedArray = function("g_variant_get_fixed_array", VariantFixedArray.self),
                  let variantTypeString = function("g_variant_get_type_string", VariantTypeString.self),
                  let variantNewDictEntry = function("g_variant_new_dict_entry", VariantNewPair.self),
                  let variantNewArray = function("g_variant_new_array", VariantNewArray.self),
                  let isObjectPath = function("g_variant_is_object_path", IsObjectPath.self),
                  let variantLookupValue = function("g_variant_lookup_value", VariantLookupValue.self),
                  let variantGetBoolean = function("g_variant_get_boolean", VariantGetBoolean.self),
                  let variantGetUInt64 = function("g_variant_get_uint64", VariantGetUInt64.self)
            else { return nil }
            return Functions(
                strHash: strHash, strEqual: strEqual, objectUnref: objectUnref,
                hashTableNew: hashTableNew, hashTableInsert: hashTableInsert, hashTableUnref: hashTableUnref,
                listFreeFull: listFreeFull, listLength: listLength, errorFree: errorFree,
                busGet: busGet, connectionCall: connectionCall, objectUnrefTyped: unsafeBitCast(objectUnref, to: Unref.self),
                variantNewString: variantNewString, variantNewTuple: variantNewTuple,
                variantChild: variantChild, variantUInt32: variantUInt32, variantUnref: variantUnref,
                schemaNew: schemaNew, store: store, lookup: lookup, clear: clear, search: search, passwordFree: passwordFree,
                disconnect: disconnect,
                variantNewVariant: variantNewVariant, variantNewObjectPath: variantNewObjectPath, variantNewObjv: variantNewObjv,
                variantGetString: variantGetString, variantCount: variantCount, variantFixedArray: variantFixedArray,
                variantTypeString: variantTypeString, variantNewDictEntry: variantNewDictEntry, variantNewArray: variantNewArray,
                isObjectPath: isObjectPath,
                variantLookupValue: variantLookupValue, variantGetBoolean: variantGetBoolean, variantGetUInt64: variantGetUInt64)
        }()
        guard let functions else {
            dlclose(handle)
            return .failure(SecretServiceLibraryFailure(
                message: "libsecret (\(name)) is too old: it lacks \(missing.joined(separator: ", ")) (0.19 or later is needed)"))
        }
        // The handle stays open for the life of the process.
        return .success(SecretServiceLibrary(functions: functions))
    }

    // MARK: - The keyring

    /// The secret of the item with `attributes` (libsecret's `secret_password_lookupv_sync`); nil when
    /// there is none, or it is locked and could not be unlocked.
    func lookup(_ attributes: [String: String]) throws(SecretServiceLibraryFailure) -> String? {
        libsecretLookups.withLock { $0[attributes["application"] ?? "", default: 0] += 1 }
        return try call(attributes) { schema, table, error in
            guard let secret = functions.lookup(schema, table, nil, error) else { return nil }
            defer { functions.passwordFree(secret) }  // wipes it
            return String(cString: secret)
        }
    }

    /// Stores `secret` as the item with `attributes` and `label` in the default collection, replacing
    /// the item with the same attributes (`secret_password_storev_sync`).
    func store(_ attributes: [String: String], label: String, secret: String) throws(SecretServiceLibraryFailure) {
        let stored: Bool = try call(attributes) { schema, table, error in
            functions.store(schema, table, nil, label, secret, nil, error) != 0
        }
        if !stored { throw SecretServiceLibraryFailure(message: "the keyring did not store the item") }
    }

    /// Removes every item matching `attributes` (`secret_password_clearv_sync`).
    func clear(_ attributes: [String: String]) throws(SecretServiceLibraryFailure) {
        let _: Bool = try call(attributes) { schema, table, error in
            functions.clear(schema, table, nil, error) != 0
        }
    }

    /// How many items match `attributes`, locked or not, without unlocking or reading any secret.
    func count(_ attributes: [String: String]) throws(SecretServiceLibraryFailure) -> Int {
        try call(attributes) { schema, table, error in
            let all: Int32 = 1 << 1  // SECRET_SEARCH_ALL
            guard let list = functions.search(schema, table, all, nil, error) else { return 0 }
            defer { functions.listFreeFull(list, functions.objectUnref) }
            return Int(functions.listLength(list))
        }
    }

    /// The process ID of the owner of `org.freedesktop.secrets` on the session bus; a failure when the
    /// bus cannot be reached or nobody owns the name.
    func secretServiceProcessID() throws(SecretServiceLibraryFailure) -> UInt32 {
        try gate.withLock { _ throws(SecretServiceLibraryFailure) in
            try withSessionBus { connection throws(SecretServiceLibraryFailure) in
                var error: UnsafeMutableRawPointer?
                let name = functions.variantNewString("org.freedesktop.secrets")
                let parameters = withUnsafePointer(to: name) { functions.variantNewTuple($0, 1) }
                guard let reply = functions.connectionCall(
                    connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                    "GetConnectionUnixProcessID", parameters, nil, 0, 2_000, nil, &error)
                else {
                    throw failure(error, or: "no Secret Service is on the session bus")
                }
                defer { functions.variantUnref(reply) }
                let child = functions.variantChild(reply, 0)
                defer { functions.variantUnref(child) }
                return functions.variantUInt32(child)
            }
        }
    }

    // MARK: - Calls

    /// Runs `body` under the gate with the schema, a `GHashTable` of `attributes` and a `GError**`,
    /// turning a set error into a failure.
    private func call<T>(
        _ attributes: [String: String],
        _ body: (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> sending T
    ) throws(SecretServiceLibraryFailure) -> T {
        try gate.withLock { _ throws(SecretServiceLibraryFailure) in
            let schema = try schemaPointer()
            return try withStringTable(attributes.map { ($0.key, $0.value) }) { table throws(SecretServiceLibraryFailure) in
                var error: UnsafeMutableRawPointer?
                let result = body(schema, table, &error)
                guard error != nil else { return result }
                // Forget libsecret's connection to the service and try once more: a daemon that went
                // away and came back has a new address on the bus and has forgotten libsecret's session.
                // Every call here may be repeated (a store replaces, a clear removes, the others read).
                functions.errorFree(error)
                error = nil
                functions.disconnect()
                let again = body(schema, table, &error)
                if error != nil {
                    functions.disconnect()
                    throw failure(error, or: "the keyring failed")
                }
                return again
            }
        }
    }

    /// The schema, made on first use: one string attribute per name in ``SecretServiceItem/attributeNames``.
    private func schemaPointer() throws(SecretServiceLibraryFailure) -> OpaquePointer? {
        if let made = schema.withLock({ $0 }) { return made.pointer }
        // SECRET_SCHEMA_ATTRIBUTE_STRING is 0: each name maps to NULL.
        let made = try withStringTable(SecretServiceItem.attributeNames.map { ($0, nil) }) { names throws(SecretServiceLibraryFailure) in
            SchemaHandle(pointer: functions.schemaNew(Self.schemaName, 0, names))
        }
        schema.withLock { $0 = made }
        return made.pointer
    }

    /// Runs `body` with a `GHashTable` of C copies of `entries` (a nil value maps its key to NULL);
    /// the table and the copies are freed when it returns.
    private func withStringTable<T>(
        _ entries: [(String, String?)],
        _ body: (OpaquePointer) throws(SecretServiceLibraryFailure) -> sending T
    ) throws(SecretServiceLibraryFailure) -> sending T {
        guard let table = functions.hashTableNew(functions.strHash, functions.strEqual) else {
            throw SecretServiceLibraryFailure(message: "out of memory")
        }
        var copies: [UnsafeMutablePointer<CChar>] = []
        defer {
            functions.hashTableUnref(table)
            copies.forEach { free($0) }
        }
        for (key, value) in entries {
            guard let keyCopy = strdup(key) else { throw SecretServiceLibraryFailure(message: "out of memory") }
            copies.append(keyCopy)
            var valueCopy: UnsafeMutablePointer<CChar>?
            if let value {
                guard let copy = strdup(value) else { throw SecretServiceLibraryFailure(message: "out of memory") }
                copies.append(copy)
                valueCopy = copy
            }
            _ = functions.hashTableInsert(table, UnsafeMutableRawPointer(keyCopy), valueCopy.map(UnsafeMutableRawPointer.init))
        }
        return try body(table)
    }

    /// The failure for a `GError` (its message; the error is freed), or `fallback` when none was set.
    func failure(_ error: UnsafeMutableRawPointer?, or fallback: String) -> SecretServiceLibraryFailure {
        guard let error else { return SecretServiceLibraryFailure(message: fallback) }
        defer { functions.errorFree(error) }
        // struct GError { GQuark domain; gint code; gchar *message; }
        let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) }
        return SecretServiceLibraryFailure(message: message.map { Self.sentence($0) } ?? fallback)
    }

    /// A D-Bus error message without its `GDBus.Error:name:` prefix, at most 300 characters.
    private static func sentence(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("GDBus.Error:"), let colon = text.dropFirst("GDBus.Error:".count).firstIndex(of: ":") {
            text = text[text.index(after: colon)...].drop { $0 == " " }
        }
        let clean = String(text.unicodeScalars.filter { !$0.properties.isNoncharacterCodePoint && $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return clean.count > 300 ? String(clean.prefix(300)) + "…" : clean
    }
}

/// Why libsecret could not be loaded, or a call into it failed: a sentence, without any secret.
struct SecretServiceLibraryFailure: Error, Sendable {
    let message: String
}
#endif
