import NativeAuth
import Synchronization

/// The first level in front of PostgreSQL: the partitions this process read or wrote lately, with
/// the version each was at, bounded in size (the least recently used go first), and told by the
/// other replicas' notifications which partitions changed.
///
/// A notification leaves a mark (the partition's new version) so that a read that was in flight
/// when it came does not put the older contents back.
final class AccountsCache: Sendable {
    private struct Entry {
        /// The partition's contents; nil for a mark: a change not read yet, or a partition without
        /// accounts (never served, see ``store(_:of:version:readIn:)``).
        var contents: TokenStoreContents?
        var version: Int64
        var lastUse: UInt64
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var useCounter: UInt64 = 0
        /// How many times it was emptied: a read from before an emptying is not kept after it.
        var generation: UInt64 = 0
    }

    let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    /// The cached contents of `partition`, if any.
    func contents(of partition: String) -> TokenStoreContents? {
        state.withLock { state in
            guard let contents = state.entries[partition]?.contents else { return nil }
            state.useCounter += 1
            state.entries[partition]?.lastUse = state.useCounter
            return contents
        }
    }

    /// How many times it was emptied so far: what a read takes before it goes to the database.
    var generation: UInt64 { state.withLock { $0.generation } }

    /// Keeps `contents` of `partition` at `version`, unless a later version is known, or it was
    /// emptied since `generation` (the contents were read before changes it may have missed).
    ///
    /// A partition that holds no account is kept only as the mark of its version, never served: a
    /// sign-in on another replica is then seen by the next request, whichever replica it reaches,
    /// without waiting for the notification (a person who just signed in is not told "signed out").
    func store(_ contents: TokenStoreContents, of partition: String, version: Int64, readIn generation: UInt64) {
        state.withLock { state in
            guard state.generation == generation else { return }
            if let known = state.entries[partition], known.version > version { return }
            state.useCounter += 1
            state.entries[partition] = Entry(contents: contents.accounts.isEmpty ? nil : contents, version: version,
                                             lastUse: state.useCounter)
            Self.trim(&state, to: capacity)
        }
    }

    /// Forgets `partition`'s contents older than `version`, and remembers that `version` exists.
    func invalidate(_ partition: String, version: Int64) {
        state.withLock { state in
            if let known = state.entries[partition], known.version >= version { return }
            state.useCounter += 1
            state.entries[partition] = Entry(contents: nil, version: version, lastUse: state.useCounter)
            Self.trim(&state, to: capacity)
        }
    }

    /// Forgets everything (notifications may have been missed).
    func removeAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.generation += 1
        }
    }

    /// How many partitions (and marks) it holds.
    var count: Int { state.withLock { $0.entries.count } }

    /// Drops the least recently used tenth once over capacity: one sort now and then, not a scan
    /// per insertion.
    private static func trim(_ state: inout State, to capacity: Int) {
        guard state.entries.count > capacity else { return }
        let excess = state.entries.count - capacity + capacity / 10
        for (key, _) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }).prefix(excess) {
            state.entries[key] = nil
        }
    }
}
