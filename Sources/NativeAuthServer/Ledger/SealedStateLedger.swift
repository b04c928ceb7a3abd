#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The record of sealed flow states already opened, shared by every process that opens them: what
/// makes a sealed state single-use across replicas (``FlowStateSealer``).
///
/// ``InMemorySealedStateLedger`` serves one process; `NativeAuthPostgres` keeps the record in
/// PostgreSQL for replicas. An entry is needed only until its value expires: a ledger may forget it
/// then (the sealer refuses an expired value before asking).
public protocol SealedStateLedger: Sendable {
    /// Records that the sealed value `id` is being opened, and answers whether this is its first
    /// opening: true once, false for every later call (in any process sharing the ledger).
    /// - Throws: When the record cannot be reached (the value is then not opened).
    func recordFirstUse(of id: UUID, expiresAt: Date) async throws -> Bool
}
