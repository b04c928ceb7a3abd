/// Which flows each user and each client has, oldest first: what the flow caps need, kept up to date
/// change by change so a request never looks through every stored flow.
///
/// Per user the list is short (at most the cap, plus the flow just started). Per client it can be
/// long, so it is a queue from which removed flows are dropped lazily: an id in the queue whose flow
/// is gone (or belongs to another client) is skipped when met, and the queue is compacted when
/// most of it is such leftovers. Every operation costs O(1) amortized, apart from the per-user list.
struct FlowIndex: Sendable {
    private struct Owner: Sendable, Equatable {
        var user: String
        var client: String
    }

    private struct Queue: Sendable {
        var ids: [String] = []
        var head = 0
        var live = 0
    }

    private var owners: [String: Owner] = [:]
    private var byUser: [String: [String]] = [:]
    private var byClient: [String: Queue] = [:]

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
        let owner = Owner(user: flow.userKey, client: flow.clientId)
        if let known = owners[id] {
            if known == owner { return }
            remove(id)
        }
        owners[id] = owner
        byUser[owner.user, default: []].append(id)
        byClient[owner.client, default: Queue()].ids.append(id)
        byClient[owner.client]?.live += 1
    }

    /// Flow ids to drop so that no user has more than `perUser` flows and no client more than
    /// `perClient`, looking only at the owners of `touched` (the flows a request changed). Oldest first.
    func overflow(touched: Set<String>, perUser: Int, perClient: Int) -> [String] {
        var drop: [String] = []
        var seenUsers = Set<String>(), seenClients = Set<String>()
        for id in touched.sorted() {
            guard let owner = owners[id] else { continue }
            if seenUsers.insert(owner.user).inserted, let ids = byUser[owner.user], ids.count > perUser {
                drop += ids.prefix(ids.count - perUser)
            }
            if seenClients.insert(owner.client).inserted, let queue = byClient[owner.client], queue.live > perClient {
                var excess = queue.live - perClient
                var index = queue.head
                while excess > 0, index < queue.ids.count {
                    let candidate = queue.ids[index]
                    if owners[candidate]?.client == owner.client, !drop.contains(candidate) {
                        drop.append(candidate)
                        excess -= 1
                    }
                    index += 1
                }
            }
        }
        return drop
    }

    /// How many flows `user` has.
    func count(user: String) -> Int { byUser[user]?.count ?? 0 }

    /// How many flows `client` has.
    func count(client: String) -> Int { byClient[client]?.live ?? 0 }

    private mutating func remove(_ id: String) {
        guard let owner = owners.removeValue(forKey: id) else { return }
        if var ids = byUser[owner.user] {
            ids.removeAll { $0 == id }
            byUser[owner.user] = ids.isEmpty ? nil : ids
        }
        guard var queue = byClient[owner.client] else { return }
        queue.live -= 1
        while queue.head < queue.ids.count, owners[queue.ids[queue.head]]?.client != owner.client {
            queue.head += 1
        }
        if queue.live == 0 {
            byClient[owner.client] = nil
            return
        }
        if queue.head > 64, queue.head * 2 > queue.ids.count {
            queue.ids.removeFirst(queue.head)
            queue.head = 0
        }
        if queue.ids.count - queue.head > 2 * queue.live + 64 {
            queue.ids = queue.ids[queue.head...].filter { owners[$0]?.client == owner.client }
            queue.head = 0
        }
        byClient[owner.client] = queue
    }
}
