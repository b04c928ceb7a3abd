import Foundation

/// A dictionary of records keyed by string that remembers which keys a transaction changed.
///
/// It reads and writes like a `Dictionary` (`table[key]`, `table[key] = record`, `values`), and
/// encodes as a plain JSON object (an export, the state folders of before the database). What it adds:
/// every key set or removed since ``takeChanges()`` is remembered, which lets the store write just
/// those records to its database instead of the whole state (see ``StateStore``), and lets the flow
/// caps look only at the flows a request touched. Each table also carries an ``identity``
/// that a freshly made table does not share, so a transaction that replaces a whole table (a reset)
/// is told apart from one that changes some of its records.
struct RecordTable<Value: Codable & Sendable>: Sendable, Sequence {
    private(set) var storage: [String: Value]
    private var changed: Set<String> = []
    /// Differs between tables made separately (by `init` or decoding); kept by copies.
    let identity: UInt64

    init(_ storage: [String: Value] = [:]) {
        self.storage = storage
        self.identity = UInt64.random(in: 1...UInt64.max)
        changed = Set(storage.keys)
    }

    subscript(key: String) -> Value? {
        get { storage[key] }
        set {
            storage[key] = newValue
            changed.insert(key)
        }
    }

    @discardableResult
    mutating func removeValue(forKey key: String) -> Value? {
        changed.insert(key)
        return storage.removeValue(forKey: key)
    }

    /// Removes every record for which `shouldRemove` is true.
    mutating func removeAll(where shouldRemove: (String, Value) -> Bool) {
        for (key, value) in storage where shouldRemove(key, value) {
            storage.removeValue(forKey: key)
            changed.insert(key)
        }
    }

    var values: Dictionary<String, Value>.Values { storage.values }
    var keys: Dictionary<String, Value>.Keys { storage.keys }
    var count: Int { storage.count }
    var isEmpty: Bool { storage.isEmpty }

    func makeIterator() -> Dictionary<String, Value>.Iterator { storage.makeIterator() }

    /// The keys changed since the last call, each with its record now (nil: removed); forgets them.
    mutating func takeChanges() -> [(key: String, value: Value?)] {
        defer { changed.removeAll(keepingCapacity: true) }
        return changed.sorted().map { ($0, storage[$0]) }
    }

    /// Every record, in key order (a whole table written at once).
    var everyRecord: [(key: String, value: Value?)] {
        storage.keys.sorted().map { ($0, storage[$0]) }
    }

    /// Forgets the keys changed since the last call, without listing them (the in-memory store,
    /// which has no database to write them to).
    mutating func discardChanges() {
        changed.removeAll(keepingCapacity: true)
    }

    /// The keys changed since the last ``takeChanges()``, without forgetting them.
    var changedKeys: Set<String> { changed }

    /// Applies a change read from the database, without recording it as a change of this instance.
    mutating func apply(key: String, value: Value?) {
        storage[key] = value
    }
}

extension RecordTable: Codable {
    init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: Value].self))
        changed = []
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(storage)
    }
}
