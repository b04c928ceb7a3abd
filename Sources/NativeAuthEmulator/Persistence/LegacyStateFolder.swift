import Foundation

/// A state folder as the emulator wrote it before its database: `state.json` (a snapshot of the
/// state), `state.journal` (the records changed since, one JSON line each, after a first line
/// `{"journal":"ID"}` naming the snapshot they follow) and `signing-key.pem`. Read once, when the
/// folder's database is made (``StateStore``); then the three files are put aside as
/// `NAME.migrated`, so that nothing reads them again and nothing of them is lost.
struct LegacyStateFolder: Sendable {
    /// The folder.
    let folder: StateFolder

    static let stateFile = "state.json"
    static let journalFile = "state.journal"
    static let keyFile = "signing-key.pem"
    /// What a migrated file is renamed to: its name and this.
    static let migratedSuffix = ".migrated"

    /// What an old folder held.
    struct Contents {
        var state: EmulatorState
        /// Its signing key, when it had one.
        var signingKey: SigningKey?
    }

    /// The snapshot's name for the journal that goes with it.
    private struct SnapshotJournal: Decodable {
        var journalId: String?
    }

    /// The journal's first line.
    private struct JournalHeader: Decodable {
        var journal: String
    }

    /// The old state, or nil when the folder has no `state.json`. A file that cannot be read or
    /// does not decode is an error naming it (the migration stops, and the files stay as they are).
    func read() throws -> Contents? {
        guard let data = try folder.readIfPresent(Self.stateFile) else { return nil }
        var state: EmulatorState
        let journalId: String?
        do {
            state = try JSONDecoder().decode(EmulatorState.self, from: data)
            journalId = try JSONDecoder().decode(SnapshotJournal.self, from: data).journalId
        } catch {
            throw PersistenceError(description: "\(folder.path(of: Self.stateFile)) is not a valid emulator state (\(error)); "
                + "it was left as it is. Move the state folder away to start over.")
        }
        if let journalId, !journalId.isEmpty, let journal = try folder.readIfPresent(Self.journalFile) {
            for change in try changes(in: journal, following: journalId) { state.apply(change) }
        }
        var signingKey: SigningKey?
        if let pem = try folder.readIfPresent(Self.keyFile) {
            do {
                signingKey = try SigningKey(pem: String(decoding: pem, as: UTF8.self))
            } catch {
                throw PersistenceError(description: "\(folder.path(of: Self.keyFile)) is not a valid RSA private key in PEM (\(error)); "
                    + "it was left as it is.")
            }
        }
        state.discardChanges()
        return Contents(state: state, signingKey: signingKey)
    }

    /// The journal's changes, when its first line names the snapshot `journalId` (else none: a
    /// process was killed between writing a snapshot and starting its journal, and the snapshot
    /// holds everything). A last line with no newline was cut short by a killed writer: dropped.
    private func changes(in journal: Data, following journalId: String) throws -> [RecordChange] {
        var lines = journal.split(separator: 0x0A, omittingEmptySubsequences: false)
        lines.removeLast()  // the bytes after the last newline: empty, or a line cut short
        guard let first = lines.first,
              (try? JSONDecoder().decode(JournalHeader.self, from: Data(first)))?.journal == journalId else { return [] }
        return try lines.dropFirst().filter { !$0.isEmpty }.map { line in
            do {
                return try JSONDecoder().decode(RecordChange.self, from: Data(line))
            } catch {
                throw PersistenceError(description: "\(folder.path(of: Self.journalFile)) is not a valid emulator journal (a line does "
                    + "not decode: \(error)); it was left as it is. Move the state folder away to start over.")
            }
        }
    }

    /// Renames the old files to `NAME.migrated`, once their contents are in the database.
    func putAside() throws {
        for name in [Self.stateFile, Self.journalFile, Self.keyFile] {
            try folder.renameIfPresent(name, to: name + Self.migratedSuffix)
        }
    }
}
