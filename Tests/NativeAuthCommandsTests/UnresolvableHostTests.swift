import Foundation
import Testing

/// A host name that does not resolve is not "try again later": it names the host, says to check the
/// tenant name and the network, and shows no correlation ID (no server answered).
@Suite
struct UnresolvableHostTests {
    @Test func anUnresolvableHostSaysToCheckTheTenantNameWithoutACorrelationID() async throws {
        var sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        for key in ["https_proxy", "HTTPS_PROXY", "http_proxy", "HTTP_PROXY", "all_proxy", "ALL_PROXY"] { sandbox.environment[key] = nil }
        // `.invalid` never resolves (RFC 6761).
        let result = try await sandbox.run(
            ["signin", "--authority", "https://nosuchtenant.invalid/nosuchtenant.onmicrosoft.com",
             "--client-id", "00001111-aaaa-2222-bbbb-3333cccc4444", "--password", "carol@example.com"],
            input: "not-a-password\n")
        #expect(result.status == 5, "\(result)")
        #expect(result.stderr.contains("error: The host name nosuchtenant.invalid could not be resolved."), "\(result)")
        #expect(result.stderr.contains("check the tenant name") || result.stderr.contains("Check the tenant name"), "\(result)")
        #expect(!result.stderr.contains("try again later"), "\(result)")
        #expect(!result.stderr.contains("correlation id"), "\(result)")
    }
}
