import Foundation
import NativeAuthShared

/// Holds the emulator's ``EmulatorState``, in memory or in a state directory.
///
/// With a directory, the files are the source of truth, shared by every process using it:
/// `state.json` is a snapshot and `state.journal` lists, one line each, the records changed since.
/// Every transaction takes an exclusive `flock` on `state.lock`, catches up with what other processes
/// wrote (the snapshot again if it was replaced, else only the journal lines past the ones this
/// instance read), applies the change, appends the records it changed to the journal, and unlocks.
/// So a request costs the same with ten stored flows or ten thousand: nothing is rewritten but the
/// records it touched. When the journal grows past the snapshot's size (at least 1 MiB), a new
/// snapshot replaces `state.json` atomically and the journal is emptied, which keeps the cost of the
/// rewrite spread over as many requests as the snapshot holds records.
/// Without a directory, a transaction is just a critical section under an in-process lock.
final class StateStore: Sendable {
    private struct Disk: Sendable {
        let folder: StateFolder
        let journal: JournalFile
        /// The snapshot's name in the folder.
        let stateFile = "state.json"
    }

    private struct Loaded: Sendable {
        var state: EmulatorState
        var snapshot: [Int]?
        var snapshotSize = 0
        var journalEnd = 0
        var journalInode: UInt64 = 0
    }

    /// The journal is compacted into a new snapshot when it is larger than the snapshot and than this.
    static let minimumCompactionSize = 1 << 20

    private let disk: Disk?
    private let loaded: Locked<Loaded>

    /// Opens the store. `initialize` builds the first state when there is none on disk (or in memory).
    /// A `state.json` that exists but cannot be read or decoded is an error, and is left as it is.
    init(directory: URL?, initialize: () throws -> EmulatorState) throws {
        guard let directory else {
            var state = try initialize()
            state.discardChanges()
            disk = nil
            loaded = Locked(Loaded(state: state))
            return
        }
        let folder = try StateFolder.open(directory)
        let disk = Disk(folder: folder, journal: JournalFile(folder: folder, name: "state.journal"))
        self.disk = disk
        let first = try folder.withExclusiveLock { () throws -> Loaded in
            folder.removeLeftovers()
            guard var current = try Self.load(disk) else {
                var fresh = Loaded(state: try initialize())
                try Self.writeSnapshot(&fresh, disk: disk)
                return fresh
            }
            if current.state.secret.isEmpty {
                // A state written before the emulator kept a secret: give it one.
                current.state.secret = Secrets.opaqueToken(byteCount: 32)
                try Self.writeSnapshot(&current, disk: disk)
            }
            return current
        }
        loaded = Locked(first)
    }

    /// Whether this store writes to a state directory.
    var isPersistent: Bool { disk != nil }

    /// Reads the current state (catching up with other processes first).
    func read<Result>(_ body: (EmulatorState) throws -> Result) throws -> Result {
        try loaded.withLock { current in
            guard let disk else { return try body(current.state) }
            return try disk.folder.withExclusiveLock {
                try Self.catchUp(&current, disk: disk)
                return try body(current.state)
            }
        }
    }

    /// Applies a change. The change is kept (and written) even when `body` throws after mutating,
    /// so that, for example, a wrong code still counts against the flow.
    func update<Result>(_ body: (inout EmulatorState) throws -> Result) throws -> Result {
        try loaded.withLock { current in
            guard let disk else {
                defer { current.state.discardChanges() }
                return try body(&current.state)
            }
            return try disk.folder.withExclusiveLock {
                try Self.catchUp(&current, disk: disk)
                let before = current.state.snapshotIdentity
                let outcome = Swift.Result { try body(&current.state) }
                let changes = current.state.takeChanges()
                if current.state.snapshotIdentity != before {
                    try Self.writeSnapshot(&current, disk: disk)
                } else if !changes.isEmpty {
                    let appended = try disk.journal.append(changes)
                    current.journalEnd = appended.end
                    current.journalInode = appended.inode
                    if current.journalEnd > max(Self.minimumCompactionSize, current.snapshotSize) {
                        try Self.writeSnapshot(&current, disk: disk)
                    }
                }
                return try outcome.get()
            }
        }
    }

    /// Whether the in-process lock is held now (by this or another thread), for tests.
    var isLocked: Bool { loaded.isLocked }

    // MARK: Files

    /// The snapshot and the journal after it, or nil when there is no snapshot.
    private static func load(_ disk: Disk) throws -> Loaded? {
        guard let data = try disk.folder.readIfPresent(disk.stateFile) else { return nil }
        var loaded = Loaded(state: try decode(data, from: disk.folder.path(of: disk.stateFile)), snapshot: disk.folder.fingerprint(disk.stateFile),
                            snapshotSize: data.count)
        if let tail = try disk.journal.read(from: 0), tail.id == loaded.state.journalId, !loaded.state.journalId.isEmpty {
            for entry in tail.entries { loaded.state.apply(entry) }
            loaded.journalEnd = tail.end
            loaded.journalInode = tail.inode
        } else {
            // No journal, or one that goes with an older snapshot (which this one already holds).
            if loaded.state.journalId.isEmpty { loaded.state.journalId = Secrets.opaqueToken(byteCount: 12) }
            let started = try disk.journal.reset(id: loaded.state.journalId)
            loaded.journalEnd = started.end
            loaded.journalInode = started.inode
        }
        return loaded
    }

    /// Brings `current` up to date with what other processes wrote since this instance last looked.
    private static func catchUp(_ current: inout Loaded, disk: Disk) throws {
        if disk.folder.fingerprint(disk.stateFile) == current.snapshot,
           let tail = try disk.journal.read(from: current.journalEnd), tail.inode == current.journalInode {
            for entry in tail.entries { current.state.apply(entry) }
            current.journalEnd = tail.end
            return
        }
        guard let reloaded = try load(disk) else {
            // The snapshot was removed while running: write what this instance holds.
            try writeSnapshot(&current, disk: disk)
            return
        }
        current = reloaded
    }

    /// Writes the whole state as a new snapshot, then starts the journal again for it.
    private static func writeSnapshot(_ current: inout Loaded, disk: Disk) throws {
        _ = current.state.takeChanges()
        current.state.journalId = Secrets.opaqueToken(byteCount: 12)
        let data = try encode(current.state)
        try disk.folder.atomicWrite(data, to: disk.stateFile)
        current.snapshot = disk.folder.fingerprint(disk.stateFile)
        current.snapshotSize = data.count
        let started = try disk.journal.reset(id: current.state.journalId)
        current.journalEnd = started.end
        current.journalInode = started.inode
    }

    private static func encode(_ state: EmulatorState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(state)
    }

    private static func decode(_ data: Data, from path: String) throws -> EmulatorState {
        do {
            return try JSONDecoder().decode(EmulatorState.self, from: data)
        } catch {
            throw PersistenceError(description: "\(path) is not a valid emulator state (\(error)); it was left as it is. "
                + "Move the state folder away to start over.")
        }
    }
}
