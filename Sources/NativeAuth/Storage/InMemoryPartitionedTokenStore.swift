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
    private let refreshLocks = Mutex([String: AsyncLock]())

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
            if let lock = locks[partition] { return lock }
            let lock = AsyncLock()
            locks[partition] = lock
            return lock
        }
        return try await lock.withLock(body)
    }
}
