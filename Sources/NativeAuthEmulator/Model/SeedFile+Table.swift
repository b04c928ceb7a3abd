extension SeedFile {
    /// ``records(existing:tenantId:)`` against the users table of a state.
    func records(existing: RecordTable<UserRecord>, tenantId: String? = nil) throws -> [UserRecord] {
        try records(existing: existing.storage, tenantId: tenantId)
    }
}
