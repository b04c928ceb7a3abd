import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Issue 9, item 1: the embedded emulator serves no admin routes; and the environment picks the
/// authority instead of the embedded emulator.
struct EmbeddedEmulatorTests {
    @Test func theEmbeddedEmulatorServesNoAdminRoutesWhileASignInWaits() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24681357")
        defer { sandbox.remove() }
        let signin = try sandbox.start(["signin", "--verbose", "alice@example.com"])
        let base = try await signin.waitForStderr(#"Using the embedded emulator on (http://127\.0\.0\.1:\d+)"#)
        try await signin.waitForStderr("Enter code")
        // What another local user would try while the code prompt waits.
        for (method, path) in [("GET", "codes?username=alice@example.com"), ("GET", "users"), ("POST", "reset"), ("GET", "health")] {
            let answer = try await Self.request(method, URL(string: "\(base)/_emulator/\(path)")!, json: method == "POST" ? "{}" : nil)
            #expect(answer.status == 404, "\(method) \(path): \(answer)")
            #expect(!answer.body.contains("24681357"))
        }
        signin.send("24681357\n")
        let result = await signin.finish()
        #expect(result.status == 0, "\(result)")
    }

    @Test func environmentSelectsTheAuthority() async throws {
        var sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        sandbox.environment["NATIVEAUTH_AUTHORITY"] = "http://127.0.0.1:9/emulator.onmicrosoft.com"
        let result = try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n")
        #expect(result.status == 5, "nothing listens on port 9: a network failure: \(result)")
        #expect(!result.stderr.contains("correlation id"), "no server answered, so no correlation ID: \(result)")
        #expect(result.stderr.contains("check the network"), "\(result)")
        #expect(!result.stderr.contains("Using the embedded emulator"), "\(result)")
    }

    @Test func verboseShowsTheLibrarysLogOnStandardError() async throws {
        let sandbox = try CommandSandbox(fixedCode: "16180339")
        defer { sandbox.remove() }
        try #require(try await sandbox.run(["signin", "alice@example.com"], input: "16180339\n").status == 0)
        let quiet = try await sandbox.run(["token", "--force-refresh"])
        #expect(quiet.status == 0 && !quiet.stderr.contains("refreshing access token"), "\(quiet)")
        let verbose = try await sandbox.run(["token", "--force-refresh", "--verbose"])
        #expect(verbose.status == 0, "\(verbose)")
        #expect(verbose.stderr.contains("refreshing access token"), "\(verbose)")
    }

    /// Sends one request; returns the status and the body.
    private static func request(_ method: String, _ url: URL, json: String?) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: url, timeoutInterval: 30)
        request.httpMethod = method
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
