import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NativeAuthEmulator

// Drives complete OTP sign-ins (initiate, challenge, token) against an emulator (in memory, on a
// state folder's SQLite database, or on PostgreSQL) over keep-alive loopback connections and prints
// sign-ins per second and per-endpoint latency. With --v2, API V2's sign-ins instead
// (authorize-challenge, sign_in, challenge, verify, the resume, token). With --instances N (N
// emulators on one state), the requests of each sign-in go to different instances.
//
// Usage: EmulatorBench [--connections N] [--seconds S] [--warmup S] [--scope 'openid ...'] [--v2] [--rsa]
//                      [--state-dir DIR | --database postgres://…] [--instances N]
//        EmulatorBench --flows N [--sign-ins M]   (request cost with N open flows in a state directory)

struct Options {
    var connections = 4
    var seconds = 10.0
    var warmup = 2.0
    var scope = "openid offline_access api://bench/Data.Read"
    var stateDirectory: String?
    var database: String?
    var instances = 1
    var v2 = false

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--connections": connections = Int(iterator.next() ?? "") ?? connections
            case "--seconds": seconds = Double(iterator.next() ?? "") ?? seconds
            case "--warmup": warmup = Double(iterator.next() ?? "") ?? warmup
            case "--scope": scope = iterator.next() ?? scope
            case "--state-dir": stateDirectory = iterator.next()
            case "--database": database = iterator.next()
            case "--instances": instances = max(1, Int(iterator.next() ?? "") ?? instances)
            case "--v2": v2 = true
            default: break
            }
        }
    }
}

/// Latencies (nanoseconds) and counts gathered by the workers.
final class Results: @unchecked Sendable {
    private let lock = NSLock()
    var latencies: [String: [UInt64]] = [:]
    var signIns = 0
    var failures = 0
    var firstFailure: String?

    var cpuSeconds = 0.0

    func setCPU(_ seconds: Double) {
        lock.lock()
        cpuSeconds = seconds
        lock.unlock()
    }

    func merge(_ local: [String: [UInt64]], signIns: Int, failures: Int, firstFailure: String?) {
        lock.lock()
        defer { lock.unlock() }
        for (key, values) in local { latencies[key, default: []] += values }
        self.signIns += signIns
        self.failures += failures
        if self.firstFailure == nil { self.firstFailure = firstFailure }
    }
}

let continuationTokenMember = Array(#""continuation_token":""#.utf8)
let idTokenMember = Array(#""id_token""#.utf8)
let v2TokenMember = Array(#""continuationToken":""#.utf8)
let signInMember = Array(#""sign_in":""#.utf8)
let challengeLinkMember = Array(#""challenge":{"href":""#.utf8)
let verifyLinkMember = Array(#""verify":{"href":""#.utf8)
let codeMember = Array(#""code":""#.utf8)

func percentile(_ sorted: [UInt64], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)
    return Double(sorted[max(0, index)]) / 1_000_000
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
if let index = CommandLine.arguments.firstIndex(of: "--flows") {
    let arguments = CommandLine.arguments
    let flows = arguments.indices.contains(index + 1) ? Int(arguments[index + 1]) ?? 10_000 : 10_000
    let signInsIndex = arguments.firstIndex(of: "--sign-ins")
    let signIns = signInsIndex.flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil } ?? 300
    try await FlowsBench.run(flows: flows, signIns: signIns)
    exit(0)
}
if CommandLine.arguments.contains("--rsa") {
    try RSAProbe.run(seconds: 3)
}
var configuration = EmulatorConfiguration()
configuration.fixedCode = "12345678"
configuration.onCodeSent = { _ in }
configuration.logger.logLevel = .error
// Every connection signs in the same user: with the default cap of 10 open flows per user, a
// connection the scheduler holds back on a busy machine finds its flow evicted by the others' newer
// ones (AADSTS55200). The cap is the emulator's guard against flow flooding, not part of a sign-in.
configuration.maxFlowsPerUser = 10_000
configuration.stateDirectory = options.stateDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
configuration.database = options.database
var emulators: [Emulator] = []
for _ in 0..<options.instances { emulators.append(try await Emulator.start(configuration)) }
let emulator = emulators[0]
let ports = emulators.map(\.port)
let tenantPath = emulator.authority.path
let clientId = EmulatorConfiguration.defaultClientId
var unreserved = CharacterSet.alphanumerics
unreserved.insert(charactersIn: "-._~")
let scope = options.scope.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
let expectIdToken = options.scope.split(separator: " ").contains("openid")

let steps = options.v2 ? ["authorize-challenge", "signin", "challenge", "verify", "resume", "token"] : ["initiate", "challenge", "token"]
print("\(options.instances) emulator(s) on \(configuration.stateLocation), first at \(emulator.baseURL.absoluteString), "
      + "\(options.v2 ? "API V2, " : "")\(options.connections) keep-alive connections, "
      + "\(options.warmup)s warm-up + \(options.seconds)s measured, \(ProcessInfo.processInfo.activeProcessorCount) cores, "
      + "scope '\(options.scope)' (\(expectIdToken ? 2 : 1) RS256 signatures per sign-in)")

/// User + system CPU seconds used by this process (server and client threads together).
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
    getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
        + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
}

let results = Results()
let start = Date()
let measureFrom = start.addingTimeInterval(options.warmup)
let stopAt = measureFrom.addingTimeInterval(options.seconds)
let done = DispatchGroup()

for index in 0..<options.connections {
    done.enter()
    let thread = Thread {
        var local = Dictionary(uniqueKeysWithValues: steps.map { ($0, [UInt64]()) })
        var signIns = 0
        var failures = 0
        var firstFailure: String?
        defer {
            results.merge(local, signIns: signIns, failures: failures, firstFailure: firstFailure)
            done.leave()
        }
        guard let connections = try? ports.map({ try HTTPConnection(port: $0) }) else {
            failures += 1
            firstFailure = "connect failed"
            return
        }
        // With several instances, each request of a sign-in goes to the next one (and each sign-in
        // starts one further on, so that every instance answers every endpoint).
        var turn = index
        var measuring = false
        func timed(_ name: String, _ request: (HTTPConnection) throws -> HTTPConnection.Response) throws -> HTTPConnection.Response {
            let connection = connections[turn % connections.count]
            turn += 1
            let begin = DispatchTime.now().uptimeNanoseconds
            let result = try request(connection)
            if measuring { local[name]!.append(DispatchTime.now().uptimeNanoseconds - begin) }
            return result
        }
        func failure(_ name: String, _ response: HTTPConnection.Response) -> HTTPConnection.Failure {
            HTTPConnection.Failure(description: "\(name) \(response.status): \(response.text)")
        }
        /// V1: initiate, challenge, the oob grant.
        func signInV1() throws -> HTTPConnection.Response {
            let r1 = try timed("initiate") { connection in
                try connection.post(path: tenantPath + "/oauth2/v2.0/initiate",
                                    form: "client_id=\(clientId)&username=alice%40example.com&challenge_type=oob%20redirect")
            }
            guard r1.status == 200, let t1 = r1.stringMember(continuationTokenMember) else { throw failure("initiate", r1) }
            let r2 = try timed("challenge") { connection in
                try connection.post(path: tenantPath + "/oauth2/v2.0/challenge",
                                    form: "client_id=\(clientId)&continuation_token=\(t1)&challenge_type=oob%20redirect")
            }
            guard r2.status == 200, let t2 = r2.stringMember(continuationTokenMember) else { throw failure("challenge", r2) }
            return try timed("token") { connection in
                try connection.post(path: tenantPath + "/oauth2/v2.0/token",
                                    form: "client_id=\(clientId)&continuation_token=\(t2)&grant_type=oob&oob=12345678&scope=\(scope)")
            }
        }
        /// V2: the entry, the sign_in link, the method's challenge, verify, the resume, the code's grant.
        func signInV2() throws -> HTTPConnection.Response {
            let entry = try timed("authorize-challenge") { connection in
                try connection.post(path: tenantPath + "/oauth2/v2.0/authorize-challenge", form: "client_id=\(clientId)")
            }
            guard entry.status == 401, let t0 = entry.stringMember(continuationTokenMember), let signIn = entry.stringMember(signInMember) else {
                throw failure("authorize-challenge", entry)
            }
            let methods = try timed("signin") { connection in
                try connection.send(path: signIn, json: #"{"continuationToken":"\#(t0)","username":"alice@example.com"}"#)
            }
            guard methods.status == 200, let t1 = methods.stringMember(v2TokenMember), let challenge = methods.stringMember(challengeLinkMember) else {
                throw failure("signin", methods)
            }
            let coded = try timed("challenge") { connection in try connection.send(path: challenge, json: #"{"continuationToken":"\#(t1)"}"#) }
            guard coded.status == 200, let t2 = coded.stringMember(v2TokenMember), let verify = coded.stringMember(verifyLinkMember) else {
                throw failure("challenge", coded)
            }
            let done = try timed("verify") { connection in try connection.send(path: verify, json: #"{"continuationToken":"\#(t2)","otp":"12345678"}"#) }
            guard done.status == 200, let t3 = done.stringMember(v2TokenMember) else { throw failure("verify", done) }
            let resumed = try timed("resume") { connection in
                try connection.post(path: tenantPath + "/oauth2/v2.0/authorize-challenge", form: "continuation_token=\(t3)")
            }
            guard resumed.status == 200, let code = resumed.stringMember(codeMember) else { throw failure("resume", resumed) }
            return try timed("token") { connection in
                try connection.post(path: tenantPath + "/oauth2/v2.0/token",
                                    form: "client_id=\(clientId)&grant_type=authorization_code&code=\(code)&scope=\(scope)")
            }
        }
        while true {
            let now = Date()
            if now >= stopAt { break }
            measuring = now >= measureFrom
            do {
                let tokens = try options.v2 ? signInV2() : signInV1()
                guard tokens.status == 200, tokens.contains(idTokenMember) == expectIdToken else { throw failure("token", tokens) }
                if measuring { signIns += 1 }
                turn += 1
            } catch {
                failures += 1
                if firstFailure == nil { firstFailure = "\(error)" }
                return
            }
        }
    }
    thread.start()
}

let cpuProbe = Thread {
    Thread.sleep(until: measureFrom)
    let cpuStart = processCPUSeconds()
    Thread.sleep(until: stopAt)
    results.setCPU(processCPUSeconds() - cpuStart)
}
cpuProbe.start()

await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    done.notify(queue: .global()) { continuation.resume() }
}
for running in emulators { try await running.stop() }

let rate = Double(results.signIns) / options.seconds
print(String(format: "complete %@OTP sign-ins: %d in %.1f s = %.0f sign-ins/s (%.0f requests/s)",
             options.v2 ? "API V2 " : "", results.signIns, options.seconds, rate, rate * Double(steps.count)))
for name in steps {
    let sorted = (results.latencies[name] ?? []).sorted()
    print(String(format: "  %@ n=%d p50 %.3f ms   p99 %.3f ms", name as NSString, sorted.count,
                 percentile(sorted, 0.50), percentile(sorted, 0.99)))
}
if results.signIns > 0 {
    let perSignIn = results.cpuSeconds / Double(results.signIns)
    print(String(format: "CPU: %.2f cores busy during the window; %.2f ms CPU per sign-in (emulator + benchmark client in one process) "
                 + "=> %.0f sign-ins per CPU-second", results.cpuSeconds / options.seconds, perSignIn * 1000, 1 / perSignIn))
}
if results.failures > 0 {
    print("failures: \(results.failures) (first: \(results.firstFailure ?? "?"))")
}
