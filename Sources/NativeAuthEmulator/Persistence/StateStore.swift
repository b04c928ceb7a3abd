import Foundation

/// Holds the emulator's ``EmulatorState``, in memory or in a state directory.
///
/// With a directory, the files are the source of truth: every transaction takes an exclusive
/// `flock` on `state.lock`, reloads `state.json` if another process replaced it since this instance
/// last read it, applies the change, writes the result atomically when it changed, and unlocks.
/// Without a directory, a transaction is just a critical section under an in-process lock.
final class StateStore: Sendable {
    private struct Disk: Sendable {
        let stateFile: URL
        let lockFile: URL
    }

    private struct Loaded: Sendable {
        var state: EmulatorState
        var fingerprint: [Int]?
        var bytes: Data?
    }

    private let disk: Disk?
    private let loaded: Locked<Loaded>

    /// Opens the store. `initialize` builds the first state when there is none on disk (or in memory).
    init(directory: URL?, initialize: () throws -> EmulatorState) throws {
        guard let directory else {
            disk = nil
            loaded = Locked(Loaded(state: try initialize(), fingerprint: nil, bytes: nil))
            return
        }
        try FileSystem.makePrivateDirectory(directory)
        let disk = Disk(stateFile: directory.appendingPathComponent("state.json"),
                        lockFile: directory.appendingPathComponent("state.lock"))
        self.disk = disk
        let first = try FileSystem.withExclusiveLock(disk.lockFile) { () throws -> Loaded in
            if let data = FileSystem.read(disk.stateFile) {
                let state = try Self.decode(data, from: disk.stateFile)
                return Loaded(state: state, fingerprint: FileSystem.fingerprint(disk.stateFile), bytes: data)
            }
            let state = try initialize()
            let data = try Self.encode(state)
            try FileSystem.atomicWrite(data, to: disk.stateFile)
            return Loaded(state: state, fingerprint: FileSystem.fingerprint(disk.stateFile), bytes: data)
        }
        loaded = Locked(first)
    }

    /// Whether this store writes to a state directory.
    var isPersistent: Bool { disk != nil }

    /// Reads the current state (reloading it from disk first if another process changed it).
    func read<Result>(_ body: (EmulatorState) throws -> Result) throws -> Result {
        try loaded.withLock { current in
            guard let disk else { return try body(current.state) }
            return try FileSystem.withExclusiveLock(disk.lockFile) {
                try reloadIfChanged(&current, disk: disk)
                return try body(current.state)
            }
        }
    }

    /// Applies a change. The change is kept (and written) even when `body` throws after mutating,
    /// so that, for example, a wrong code still counts against the flow.
    func update<Result>(_ body: (inout EmulatorState) throws -> Result) throws -> Result {
        try loaded.withLock { current in
            guard let disk else { return try body(&current.state) }
            return try FileSystem.withExclusiveLock(disk.lockFile) {
                try reloadIfChanged(&current, disk: disk)
                let outcome = Swift.Result { try body(&current.state) }
                let data = try Self.encode(current.state)
                if data != current.bytes {
                    try FileSystem.atomicWrite(data, to: disk.stateFile)
                    current.bytes = data
                    current.fingerprint = FileSystem.fingerprint(disk.stateFile)
                }
                return try outcome.get()
            }
        }
    }

    private func reloadIfChanged(_ current: inout Loaded, disk: Disk) throws {
        let fingerprint = FileSystem.fingerprint(disk.stateFile)
        guard fingerprint != current.fingerprint, let data = FileSystem.read(disk.stateFile) else { return }
        current.state = try Self.decode(data, from: disk.stateFile)
        current.bytes = data
        current.fingerprint = fingerprint
    }

    private static func encode(_ state: EmulatorState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(state)
    }

    private static func decode(_ data: Data, from url: URL) throws -> EmulatorState {
        do {
            return try JSONDecoder().decode(EmulatorState.self, from: data)
        } catch {
            throw PersistenceError(description: "\(url.path) is not a valid emulator state: \(error)")
        }
    }
}
