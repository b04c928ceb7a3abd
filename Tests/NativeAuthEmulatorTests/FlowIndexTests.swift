@testable import NativeAuthEmulator
import Testing

/// The flow caps' index (``FlowIndex``) against a plain list of flows in the order they were
/// recorded: the same flows per user and client, oldest first, and the same flows over a cap,
/// through random starts, removals and flows recorded again under another owner.
@Suite("Flow index")
struct FlowIndexTests {
    /// The index's meaning, written the slow way.
    private struct Model {
        var flows: [(id: String, user: String, client: String)] = []

        mutating func record(_ id: String, user: String, client: String) {
            if let index = flows.firstIndex(where: { $0.id == id }) {
                if flows[index].user == user, flows[index].client == client { return }
                flows.remove(at: index)
            }
            flows.append((id, user, client))
        }

        mutating func remove(_ id: String) {
            flows.removeAll { $0.id == id }
        }

        func ids(user: String) -> [String] { flows.filter { $0.user == user }.map(\.id) }
        func ids(client: String) -> [String] { flows.filter { $0.client == client }.map(\.id) }

        /// The oldest flows over the user's cap, then the client's oldest over its cap that are not dropped already.
        func overflow(of id: String, perUser: Int, perClient: Int) -> [String] {
            guard let flow = flows.first(where: { $0.id == id }) else { return [] }
            let users = ids(user: flow.user)
            var drop = Array(users.prefix(max(0, users.count - perUser)))
            let clients = ids(client: flow.client)
            let excess = clients.count - perClient
            if excess > 0 { drop += clients.filter { !drop.contains($0) }.prefix(excess) }
            return drop
        }
    }

    private static func flow(_ id: String, user: String, client: String) -> FlowRecord {
        FlowRecord(id: id, kind: .signIn, clientId: client, userKey: user, challengeTypes: ["oob"], stage: .awaitingChallenge,
                   tokenHash: "", tokenExpiresAt: 0, codeHash: nil, codeExpiresAt: nil, failedAttempts: 0, signUp: nil)
    }

    @Test func agreesWithAPlainListThroughRandomChanges() {
        var generator = SplitMix(seed: 11)
        var index = FlowIndex()
        var model = Model()
        let users = ["alice", "bob", "carol"], clients = ["app1", "app2"]
        var nextId = 0
        for step in 0..<3_000 {
            let roll = Int.random(in: 0..<10, using: &generator)
            if roll < 5 || model.flows.isEmpty {
                nextId += 1
                let id = "f\(nextId)", user = users.randomElement(using: &generator)!, client = clients.randomElement(using: &generator)!
                index.record(id, Self.flow(id, user: user, client: client))
                model.record(id, user: user, client: client)
            } else if roll < 9 {
                // Mostly the oldest, as the caps and expiry remove them; sometimes any.
                let victim = roll < 7 ? model.flows[0].id : model.flows.randomElement(using: &generator)!.id
                index.record(victim, nil)
                model.remove(victim)
            } else {
                let moved = model.flows.randomElement(using: &generator)!
                let user = users.randomElement(using: &generator)!, client = clients.randomElement(using: &generator)!
                index.record(moved.id, Self.flow(moved.id, user: user, client: client))
                model.record(moved.id, user: user, client: client)
            }
            for user in users {
                #expect(index.flows(user: user) == model.ids(user: user), "step \(step), user \(user)")
                #expect(index.count(user: user) == model.ids(user: user).count)
            }
            for client in clients {
                #expect(index.flows(client: client) == model.ids(client: client), "step \(step), client \(client)")
                #expect(index.count(client: client) == model.ids(client: client).count)
            }
            if let newest = model.flows.last {
                for (perUser, perClient) in [(2, 100), (100, 3), (3, 4), (1_000, 1_000)] {
                    #expect(index.overflow(touched: [newest.id], perUser: perUser, perClient: perClient)
                            == model.overflow(of: newest.id, perUser: perUser, perClient: perClient), "step \(step)")
                }
            }
        }
    }

    @Test func oneUserWithManyFlowsLosesItsOldestFirst() {
        var index = FlowIndex()
        for number in 0..<5_000 { index.record("f\(number)", Self.flow("f\(number)", user: "alice", client: "app")) }
        #expect(index.overflow(touched: ["f4999"], perUser: 4_998, perClient: 10_000) == ["f0", "f1"])
        for number in 0..<4_990 { index.record("f\(number)", nil) }
        #expect(index.flows(user: "alice") == (4_990..<5_000).map { "f\($0)" })
        #expect(index.flows(client: "app") == (4_990..<5_000).map { "f\($0)" })
        #expect(index.overflow(touched: ["f4995"], perUser: 8, perClient: 100) == ["f4990", "f4991"])
    }
}

/// A small seeded generator, so a failure can be replayed.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
