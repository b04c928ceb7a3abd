// The PostgreSQL token store's cost per sign-in, per refresh and per cached read, with few and with
// many accounts stored (bench/store-cost.sh starts a private PostgreSQL and runs it).
//
//     StoreBench --database URL [--accounts 10,10000] [--operations 300]
import Foundation
import Logging
import NativeAuth
import NativeAuthPostgres
import NativeAuthServer
import PostgresNIO

@main
enum StoreBench {
    static func main() async throws {
        let arguments = CommandLine.arguments
        func option(_ name: String) -> String? { arguments.firstIndex(of: name).map { arguments[$0 + 1] } }
        guard let url = option("--database") else {
            print("usage: StoreBench --database URL [--accounts 10,10000] [--operations 300]")
            return
        }
        let sizes = (option("--accounts") ?? "10,10000").split(separator: ",").compactMap { Int($0) }
        let operations = Int(option("--operations") ?? "300") ?? 300
        let client = PostgresClient(configuration: try .init(databaseURL: url))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            let database = NativeAuthDatabase(client: client, timeout: .seconds(30))
            try await database.migrate()
            let keys = try SealingKeys(current: .generate(id: "bench"))
            let template = try await signedInContents()
            print("accounts  sign-in write (µs p50/p99)  refresh (µs p50/p99)  cached read L1 (µs p50/p99)  read from PostgreSQL (µs p50/p99)")
            for size in sizes {
                try await database.client.query("TRUNCATE nativeauth_accounts")
                let store = PostgresTokenStore(database: database, keys: keys, cacheCapacity: 20_000)
                let listener = Task { try await store.run() }
                for await change in store.changes where change.isEmpty { break }  // listening: the first level is used
                try await fill(store, accounts: size, template: template)
                // Measure a settled database: every notification of the fill heard (the sentinel's is
                // the last), the table analysed and the dirty pages written.
                _ = try await store.modify(partition: "sentinel-\(size)") { $0 = template }
                for await change in store.changes where change == "sentinel-\(size)" { break }
                try await database.client.query("VACUUM ANALYZE nativeauth_accounts")
                try await database.client.query("CHECKPOINT")
                let signIns = try await measure(operations) { index in
                    _ = try await store.modify(partition: "new-\(size)-\(index)") { $0 = template }
                }
                let refreshes = try await measure(operations) { index in
                    let partition = "user-\(index % size)"
                    // What a refresh does to the store: lock, read the refresh token, write the new tokens.
                    try await store.withRefreshLock(partition: partition) {
                        _ = try await store.read(partition: partition)
                        _ = try await store.modify(partition: partition) { $0 = template }
                    }
                }
                let cached = try await measure(operations) { index in
                    _ = try await store.read(partition: "user-\(index % min(size, 100))")
                }
                // A store that does not listen reads every partition from PostgreSQL.
                let uncachedStore = PostgresTokenStore(database: database, keys: keys)
                let uncached = try await measure(operations) { index in
                    _ = try await uncachedStore.read(partition: "user-\(index % size)")
                }
                listener.cancel()
                print(String(format: "%8d  %12.0f / %-8.0f  %10.0f / %-8.0f  %14.1f / %-8.1f  %18.0f / %-8.0f", size,
                             signIns.p50, signIns.p99, refreshes.p50, refreshes.p99, cached.p50, cached.p99, uncached.p50, uncached.p99))
            }
            group.cancelAll()
        }
    }

    /// Fills `store` with `accounts` partitions `user-0`… holding one account each, 16 writes at a time.
    static func fill(_ store: PostgresTokenStore, accounts: Int, template: TokenStoreContents) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<16 {
                group.addTask {
                    for index in stride(from: worker, to: accounts, by: 16) {
                        _ = try await store.modify(partition: "user-\(index)") { $0 = template }
                    }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Times `count` runs of `operation`, one after the other; the p50 and p99 in microseconds.
    static func measure(_ count: Int, _ operation: @Sendable (Int) async throws -> Void) async throws -> (p50: Double, p99: Double) {
        var times: [Double] = []
        for index in 0..<count {
            let start = ContinuousClock.now
            try await operation(index)
            let elapsed = ContinuousClock.now - start
            times.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
        }
        times.sort()
        return (times[times.count / 2], times[min(times.count - 1, times.count * 99 / 100)])
    }

    /// What a sign-in stores: one account with its tokens, made by a real sign-in against a canned server.
    static func signedInContents() async throws -> TokenStoreContents {
        let store = InMemoryPartitionedTokenStore()
        let app = try NativeAuthPublicClientApplication(
            clientId: "00001111-aaaa-2222-bbbb-3333cccc4444", authority: URL(string: "https://contoso.ciamlogin.com/contoso.onmicrosoft.com")!,
            challengeTypes: [.OOB], transport: CannedServer()).partition("template", of: store)
        guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: "user@contoso.com")),
              case .completed = await state.submitCode(code: "12345678")
        else { throw CannedServer.Failure() }
        return try await store.read(partition: "template")
    }
}

/// Answers a sign-in by code with tokens of realistic size.
struct CannedServer: HTTPTransport {
    struct Failure: Error {}

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let body: String = switch request.url.lastPathComponent {
        case "initiate": #"{"continuation_token":"CT1"}"#
        case "challenge":
            #"{"continuation_token":"CT2","challenge_type":"oob","binding_method":"prompt","challenge_channel":"email","challenge_target_label":"u***r@c*****o.com","code_length":8}"#
        default:
            """
            {"token_type":"Bearer","scope":"openid profile offline_access","expires_in":3600,
             "access_token":"\(String(repeating: "a", count: 1400))","refresh_token":"\(String(repeating: "r", count: 900))",
             "id_token":"\(Self.idToken)"}
            """
        }
        return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
    }

    static let idToken: String = {
        func part(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_")
        }
        return part(#"{"alg":"none"}"#) + "." + part(#"{"oid":"11111111-2222-3333-4444-555555555555","tid":"66666666-7777-8888-9999-000000000000","sub":"s","preferred_username":"user@contoso.com"}"#) + "."
    }()
}
