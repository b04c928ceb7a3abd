extension SeedFile {
    /// Refuses `records` (made from one file) when two of them are one user to the emulator: the same
    /// username once normalised as look-ups normalise it (``UserRecord/key(_:)``: case, Unicode
    /// compatibility), or the same object ID; or when one takes the object ID of another user of
    /// `existing` (the users it is added to) that it does not replace. Otherwise a file of four users
    /// would make a tenant of two, or two users sharing an `oid`.
    static func checkDistinct(_ records: [UserRecord], existing: [String: UserRecord]) throws(Invalid) {
        var byKey: [String: String] = [:]
        var byId: [String: String] = [:]
        for record in records {
            let key = UserRecord.key(record.username)
            if let other = byKey[key] {
                throw Invalid(description: "the users '\(other)' and '\(record.username)' are one username to the emulator")
            }
            if let other = byId[record.id] {
                throw Invalid(description: "the users '\(other)' and '\(record.username)' have the same id \(record.id)")
            }
            byKey[key] = record.username
            byId[record.id] = record.username
        }
        for (key, user) in existing where byKey[key] == nil {
            if let taker = byId[user.id] {
                throw Invalid(description: "user '\(taker)': id \(user.id) is the user '\(user.username)''s")
            }
        }
    }
}
