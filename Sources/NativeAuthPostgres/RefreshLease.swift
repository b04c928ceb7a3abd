import PostgresNIO

/// The connection holding a partition's refresh lock, for the task that holds it: the partition's
/// reads and writes inside the lock go through it (to the database, never the first level), so a
/// refresh needs no second connection from the pool, and the pool cannot run dry of connections
/// that all wait for a second one.
struct RefreshLease: Sendable {
    let partition: String
    let connection: PostgresConnection

    @TaskLocal static var current: RefreshLease?

    /// The lease of `partition`, when this task holds its lock.
    static func holding(_ partition: String) -> RefreshLease? {
        current.flatMap { $0.partition == partition ? $0 : nil }
    }
}
