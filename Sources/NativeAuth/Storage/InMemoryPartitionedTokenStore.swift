#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// A partitioned token store that lives only as long as the process: for a server of one process,
/// and for tests. Each partition has its own refresh lock.
public final class InMemoryPartitionedTokenStore: NativeAuthPartitionedTokenStore {
    private let partitions = Mutex([String: TokenStoreContents]())
    /// Each partition's refresh lock, and how many tasks hold it or wait for it: it is dropped when
    /// none does, so that the store keeps no lock for every user it ever refreshed.
    private let refreshLocks = Mutex([String: (lock: AsyncLock, users: Int)]())

    /// Creates an empty store.
    public init() {}

    public func read(partition: String) async throws -> TokenStoreContents {
        partitions.withLock { $0[partition] ?? TokenStoreContents() }
    }

    public func modify<T: Sendable>(partition: String, _ body: @Sendable (inout TokenStoreContents) throws -> T) async throws -> T {
        try partitions.withLock { partitions in
            var contents = partitions[partition] ?? TokenStoreContents()
            let result = try body(&contents)
            partitions[partition] = contents.storedAccounts.isEmpty ? nil : contents
            return result
        }
    }

    public func withRefreshLock<T: Sendable>(partition: String, _ body: @Sendable () async throws -> T) async throws -> T {
        let lock = refreshLocks.withLock { locks in
            var entry = locks[partition] ?? (lock: AsyncLock(), users: 0)
            entry.users += 1
            locks[partition] = entry
            return entry.lock
        }
        defer {
            refreshLocks.withLock { locks in
                guard var entry = locks[partition] else { return }
                entry.users -= 1
                locks[partition] = entry.users == 0 ? nil : entry
            }
        }
        return try await lock.withLock(body)
    }

    /// How many partitions' refresh locks it holds now.
    package var refreshLockCount: Int { refreshLocks.withLock { $0.count } }
}
