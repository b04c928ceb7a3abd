import Synchronization

/// The values of a parameters class behind one lock, read and written by key path, so the class can
/// be `Sendable` and still be filled in property by property as MSAL's tutorials do:
///
/// ```swift
/// public var password: String? {
///     get { values[\.password] }
///     set { values[\.password] = newValue }
/// }
/// ```
final class LockedValues<Values: Sendable>: Sendable {
    private let storage: Mutex<Values>

    init(_ values: Values) {
        storage = Mutex(values)
    }

    /// One value, read or written under the lock.
    subscript<Value: Sendable>(_ keyPath: WritableKeyPath<Values, Value>) -> Value {
        get { storage.withLock { $0[keyPath: keyPath] } }
        set { storage.withLock { $0[keyPath: keyPath] = newValue } }
    }

    /// All values at once, consistent with each other.
    var snapshot: Values { storage.withLock { $0 } }
}
