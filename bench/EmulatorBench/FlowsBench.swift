import Foundation
import NativeAuthEmulator

/// `EmulatorBench --flows N`: what a request costs against a state directory holding N open flows,
/// as a ratio to the same requests against a nearly empty one, measured in the same run.
///
/// Two emulators run side by side, each on a state directory of its own: one is left nearly empty,
/// the other gets N flows that stay open (initiates). Then complete OTP sign-ins (initiate,
/// challenge, token) go to one and the other in turn, so that whatever else the machine does weighs
/// on both alike. It prints per-endpoint medians and means for both, their ratios, and the sizes of
/// their databases (`state.sqlite` and its write-ahead log).
enum FlowsBench {
    private struct Target {
        let emulator: Emulator
        let connection: HTTPConnection
        let directory: URL
        var times: [String: [UInt64]] = ["initiate": [], "challenge": [], "token": []]
    }

    static func run(flows: Int, signIns: Int) async throws {
        var small = try await start(flows: flows)
        var large = try await start(flows: flows)
        defer {
            for directory in [small.directory, large.directory] { try? FileManager.default.removeItem(at: directory) }
        }
        print("\(signIns) sign-ins against each of two emulators with state directories, alternating; one holds \(flows) open flows")
        let fillStart = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<flows { _ = try post(large, "initiate", "username=bob%40example.com&challenge_type=password%20redirect") }
        let fillSeconds = Double(DispatchTime.now().uptimeNanoseconds - fillStart) / 1e9
        for _ in 0..<50 {  // warm-up
            try signIn(&small, measuring: false)
            try signIn(&large, measuring: false)
        }
        for _ in 0..<signIns {
            try signIn(&small, measuring: true)
            try signIn(&large, measuring: true)
        }
        try await small.emulator.stop()
        try await large.emulator.stop()

        print(String(format: "filled %d open flows in %.1f s (%.0f initiates/s)", flows, fillSeconds, Double(flows) / fillSeconds))
        print("endpoint     small p50 / mean       \(flows) flows p50 / mean    ratio p50 / mean")
        for name in ["initiate", "challenge", "token"] {
            let a = small.times[name]!.sorted(), b = large.times[name]!.sorted()
            let a50: Double = percentile(a, 0.5), b50: Double = percentile(b, 0.5)
            let aMean: Double = mean(a), bMean: Double = mean(b)
            print(String(format: "%-10@ %8.3f / %6.3f ms   %8.3f / %6.3f ms   %5.2f / %5.2f",
                         name as NSString, a50, aMean, b50, bMean, b50 / a50, bMean / aMean))
        }
        for (label, target) in [("small", small), ("large", large)] {
            for file in ["state.sqlite", "state.sqlite-wal"] {
                let path = target.directory.appendingPathComponent(file).path
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
                print("\(label) \(file): \(size) bytes")
            }
        }
    }

    private static func start(flows: Int) async throws -> Target {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nativeauth-flows-bench-\(UUID().uuidString)")
        var configuration = EmulatorConfiguration()
        configuration.stateDirectory = directory
        configuration.fixedCode = "12345678"
        configuration.onCodeSent = { _ in }
        configuration.logger.logLevel = .error
        configuration.maxFlowsPerUser = flows * 2
        configuration.maxFlowsPerClient = flows * 2
        let emulator = try await Emulator.start(configuration)
        return Target(emulator: emulator, connection: try HTTPConnection(port: emulator.port), directory: directory)
    }

    private static func post(_ target: Target, _ endpoint: String, _ form: String) throws -> (UInt64, HTTPConnection.Response) {
        let begin = DispatchTime.now().uptimeNanoseconds
        let path = target.emulator.authority.path + "/oauth2/v2.0/" + endpoint
        let response = try target.connection.post(path: path, form: "client_id=\(EmulatorConfiguration.defaultClientId)&" + form)
        guard response.status == 200 else { throw HTTPConnection.Failure(description: "\(endpoint) \(response.status): \(response.text)") }
        return (DispatchTime.now().uptimeNanoseconds - begin, response)
    }

    private static func signIn(_ target: inout Target, measuring: Bool) throws {
        let (t1, b1) = try post(target, "initiate", "username=alice%40example.com&challenge_type=oob%20redirect")
        let (t2, b2) = try post(target, "challenge", "continuation_token=\(b1.stringMember(continuationTokenMember) ?? "")&challenge_type=oob%20redirect")
        let (t3, _) = try post(target, "token", "continuation_token=\(b2.stringMember(continuationTokenMember) ?? "")&grant_type=oob&oob=12345678&scope=offline_access")
        guard measuring else { return }
        target.times["initiate"]!.append(t1)
        target.times["challenge"]!.append(t2)
        target.times["token"]!.append(t3)
    }

    private static func mean(_ values: [UInt64]) -> Double {
        values.isEmpty ? 0 : Double(values.reduce(0, +)) / Double(values.count) / 1_000_000
    }
}
