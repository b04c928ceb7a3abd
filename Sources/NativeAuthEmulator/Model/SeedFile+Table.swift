extension SeedFile {
    /// ``records(existing:)`` against the users table of a state.
    func records(existing: RecordTable<UserRecord>) throws -> [UserRecord] {
        try records(existing: existing.storage)
    }
}
