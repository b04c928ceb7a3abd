#if canImport(Glibc)
import Foundation
import NativeAuth
import Testing

/// Issue 9, item 10, in both transports: a redirect is never followed, and the error names the host
/// the redirect points to.
@Suite struct TransportRedirectTests {
    @Test(arguments: [301, 302, 307, 308], [TransportKind.curl, .urlSession])
    func aRedirectIsAnErrorNamingTheLocationsHost(status: Int, kind: TransportKind) async throws {
        try await EmulatorHarness.run { harness in
            try await harness.queueFault(["endpoint": "initiate", "status": status, "body": "",
                                          "headers": ["Location": "https://attacker.example/collect?x=1"], "count": 2])
            let parameters = NativeAuthSignInParameters(username: EmulatorHarness.bob)
            parameters.password = EmulatorHarness.bobPassword
            guard case .error(let error) = await (try harness.app(transport: kind.make())).signIn(parameters: parameters) else {
                Issue.record("expected the redirect to fail the sign-in"); return
            }
            #expect(error.isServerUnavailable)
            #expect(error.httpStatus == status)
            let description = error.errorDescription ?? ""
            #expect(description.contains("redirect (HTTP \(status)) to attacker.example"), "\(description)")
            #expect(description.contains("never followed"), "\(description)")
            #expect(!description.contains("collect"), "only the host is named: \(description)")
            #expect(try await harness.requestLog().count == 1, "sent once, not retried, not followed")
        }
    }

    @Test func aRedirectWithoutAHostSaysSo() async throws {
        try await EmulatorHarness.run { harness in
            try await harness.queueFault(["endpoint": "initiate", "status": 302, "body": "", "headers": ["Location": "/elsewhere"]])
            guard case .error(let error) = await (try harness.app()).signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice))
            else { Issue.record("expected an error"); return }
            #expect(error.errorDescription?.contains("without naming another host") == true, "\(error.errorDescription ?? "")")
        }
    }
}
#endif
