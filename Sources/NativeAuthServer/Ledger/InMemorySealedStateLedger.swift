#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import Synchronization

/// A ledger of opened sealed states in this process's memory: for a server of one process, and for
/// tests. Expired entries are dropped as new ones come, so it holds about as many entries as
/// values opened within a lifetime.
public final class InMemorySealedStateLedger: SealedStateLedger {
    private struct Entries {
        var expiries: [UUID: Date] = [:]
        var nextSweep = Date.distantPast
    }

    private let entries = Mutex(Entries())
    private let clock: any NativeAuthClock

    /// An empty ledger, which forgets entries once `clock` says they expired.
    public init(clock: any NativeAuthClock = SystemClock()) {
        self.clock = clock
    }

    public func recordFirstUse(of id: UUID, expiresAt: Date) async throws -> Bool {
        let now = clock.now
        return entries.withLock { entries in
            if now >= entries.nextSweep {
                entries.expiries = entries.expiries.filter { $0.value > now }
                entries.nextSweep = now.addingTimeInterval(60)
            }
            return entries.expiries.updateValue(expiresAt, forKey: id) == nil
        }
    }

    /// How many entries the ledger holds now.
    public var count: Int { entries.withLock { $0.expiries.count } }
}
