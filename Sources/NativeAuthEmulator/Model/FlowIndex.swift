/// Which flows each user and each client has, oldest first: what the flow caps need, kept up to date
/// change by change so a request never looks through every stored flow.
///
/// Each user's and each client's flows are a queue from which removed flows are dropped lazily: a
/// slot whose flow is gone (or was recorded again since, under a later serial number) is skipped
/// when met, and the queue is compacted when most of it is such leftovers. So every operation costs
/// O(1) amortized, however many flows one user or client holds (a raised per-user cap, or a
/// benchmark signing in one user from many connections, no longer makes each removal scan and copy
/// that user's whole list).
struct FlowIndex: Sendable {
    private struct Owner: Sendable, Equatable {
        var user: String
        var client: String
        /// Tells this recording of the flow apart from an earlier one under the same id.
        var serial: UInt64
    }

    private struct Slot: Sendable {
        var id: String
        var serial: UInt64
    }

    /// One user's or client's flows, oldest first, with the removed ones still in place until met.
    private struct Queue: Sendable {
        private(set) var slots: [Slot] = []
        private var head = 0
        /// How many of the slots are flows still recorded.
        private(set) var live = 0

        mutating func append(_ slot: Slot) {
            slots.append(slot)
            live += 1
        }

        /// One of the queue's flows was removed: counts it, drops the removed flows at the front, and
        /// compacts when leftovers are most of the queue.
        mutating func release(isLive: (Slot) -> Bool) {
            live -= 1
            while head < slots.count, !isLive(slots[head]) { head += 1 }
            if head > 64, head * 2 > slots.count {
                slots.removeFirst(head)
                head = 0
            }
            if slots.count - head > 2 * live + 64 {
                slots = slots[head...].filter(isLive)
                head = 0
            }
        }

        /// The ids of the oldest live flows not in `excluded`, at most `count` of them.
        func oldest(_ count: Int, excluding excluded: Set<String>, isLive: (Slot) -> Bool) -> [String] {
            var found: [String] = []
            var index = head
            while found.count < count, index < slots.count {
                let slot = slots[index]
                if isLive(slot), !excluded.contains(slot.id) { found.append(slot.id) }
                index += 1
            }
            return found
        }
    }

    private var owners: [String: Owner] = [:]
    private var byUser: [String: Queue] = [:]
    private var byClient: [String: Queue] = [:]
    private var lastSerial: UInt64 = 0

    init() {}

    /// An index of `flows`, oldest first by when their current continuation token expires.
    init(_ flows: RecordTable<FlowRecord>) {
        for (id, flow) in flows.sorted(by: { ($0.value.tokenExpiresAt, $0.key) < ($1.value.tokenExpiresAt, $1.key) }) {
            record(id, flow)
        }
    }

    /// Records that flow `id` is now `flow` (nil: removed). A flow seen for the first time is the newest.
    mutating func record(_ id: String, _ flow: FlowRecord?) {
        guard let flow else {
            remove(id)
            return
        }
        if let known = owners[id] {
            if known.user == flow.userKey, known.client == flow.clientId { return }
            remove(id)
        }
        lastSerial += 1
        let owner = Owner(user: flow.userKey, client: flow.clientId, serial: lastSerial)
        owners[id] = owner
        let slot = Slot(id: id, serial: owner.serial)
        byUser[owner.user, default: Queue()].append(slot)
        byClient[owner.client, default: Queue()].append(slot)
    }

    /// Flow ids to drop so that no user has more than `perUser` flows and no client more than
    /// `perClient`, looking only at the owners of `touched` (the flows a request changed). Oldest first.
    func overflow(touched: Set<String>, perUser: Int, perClient: Int) -> [String] {
        var drop: [String] = []
        var dropped = Set<String>()
        var seenUsers = Set<String>(), seenClients = Set<String>()
        let isLive = isLiveSlot
        for id in touched.sorted() {
            guard let owner = owners[id] else { continue }
            if seenUsers.insert(owner.user).inserted, let queue = byUser[owner.user], queue.live > perUser {
                for candidate in queue.oldest(queue.live - perUser, excluding: [], isLive: isLive)
                where dropped.insert(candidate).inserted {
                    drop.append(candidate)
                }
            }
            if seenClients.insert(owner.client).inserted, let queue = byClient[owner.client], queue.live > perClient {
                for candidate in queue.oldest(queue.live - perClient, excluding: dropped, isLive: isLive) {
                    dropped.insert(candidate)
                    drop.append(candidate)
                }
            }
        }
        return drop
    }

    /// How many flows `user` has.
    func count(user: String) -> Int { byUser[user]?.live ?? 0 }

    /// How many flows `client` has.
    func count(client: String) -> Int { byClient[client]?.live ?? 0 }

    /// The flows of `user`, oldest first (for tests).
    func flows(user: String) -> [String] {
        byUser[user].map { $0.oldest($0.live, excluding: [], isLive: isLiveSlot) } ?? []
    }

    /// The flows of `client`, oldest first (for tests).
    func flows(client: String) -> [String] {
        byClient[client].map { $0.oldest($0.live, excluding: [], isLive: isLiveSlot) } ?? []
    }

    /// Whether a queue's slot is the flow's current recording.
    private var isLiveSlot: (Slot) -> Bool {
        { [owners] slot in owners[slot.id]?.serial == slot.serial }
    }

    private mutating func remove(_ id: String) {
        guard let owner = owners.removeValue(forKey: id) else { return }
        let isLive = isLiveSlot
        byUser[owner.user]?.release(isLive: isLive)
        if byUser[owner.user]?.live == 0 { byUser[owner.user] = nil }
        byClient[owner.client]?.release(isLive: isLive)
        if byClient[owner.client]?.live == 0 { byClient[owner.client] = nil }
    }
}
