/// The codes one emulator instance "sent by email", newest last, at most ``limit`` per user: what
/// `GET /_emulator/codes` and ``Emulator/latestCode(for:)`` show.
///
/// Kept in memory only, like the request log: the state directory holds hashes of codes, never the
/// codes. So an instance lists the codes it sent itself, not those another process sharing its state
/// directory sent.
final class Outbox: Sendable {
    static let limit = 20

    private let codes = Locked<[String: [SentCodeRecord]]>([:])

    func add(_ sent: [(userKey: String, record: SentCodeRecord)]) {
        guard !sent.isEmpty else { return }
        codes.withLock { codes in
            for (userKey, record) in sent {
                var list = codes[userKey] ?? []
                list.append(record)
                if list.count > Self.limit { list.removeFirst(list.count - Self.limit) }
                codes[userKey] = list
            }
        }
    }

    /// The codes sent to `userKey`, oldest first.
    func codes(for userKey: String) -> [SentCodeRecord] {
        codes.withLock { $0[userKey] ?? [] }
    }

    /// Every code sent, with the user it went to, newest first (the console's list).
    func all() -> [(userKey: String, record: SentCodeRecord)] {
        codes.withLock { codes in codes.flatMap { key, list in list.map { (key, $0) } } }
            .sorted { $0.record.sentAt > $1.record.sentAt }
    }

    func clear() {
        codes.withLock { $0.removeAll() }
    }
}
