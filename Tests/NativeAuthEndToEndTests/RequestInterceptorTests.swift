import Foundation
import NativeAuthEmulator
@testable import NativeAuth
import Synchronization
import Testing

/// MSAL's request interceptor (issue 35, item 10): an app's own `x-` headers reach every request to the
/// authority, and nothing else does (no reserved names, no line breaks, no second client SKU).
@Suite struct RequestInterceptorTests {
    final class AppHeaders: NativeAuthRequestInterceptor {
        let asked = Mutex<[URL?]>([])
        func addAdditionalHeaderFields(_ requestUrl: URL?, completionBlock: @escaping @Sendable ([String: String]?) -> Void) {
            asked.withLock { $0.append(requestUrl) }
            completionBlock([
                "x-contoso-trace": "checkout-42",
                "X-Contoso-Tenant": "west",
                "x-ms-correlation-hack": "no",
                "x-client-SKU": "evil",
                "x-app-name": "evil",
                "x-broker-x": "evil",
                "Authorization": "Bearer stolen",
                "x-injected": "a\r\nHost: evil.example",
                "x bad name": "v",
            ])
        }
    }

    @Test func theAppsHeadersReachEveryRequestToTheAuthorityAndNothingElseDoes() async throws {
        try await EmulatorHarness.run { harness in
            let transport = InterceptingTransport()
            let config = try NativeAuthPublicClientApplicationConfig(
                clientId: EmulatorConfiguration.defaultClientId, authority: harness.emulator.authority, challengeTypes: [.OOB])
            config.transport = transport
            config.tokenStore = harness.store
            let interceptor = AppHeaders()
            config.requestInterceptor = interceptor
            let app = try NativeAuthPublicClientApplication(nativeAuthConfiguration: config)
            guard case .codeRequired(let state, _, _, _) = await app.signIn(parameters: NativeAuthSignInParameters(username: EmulatorHarness.alice)),
                  case .completed(let result) = await state.submitCode(code: "12345678")
            else { Issue.record("expected a sign-in"); return }
            let parameters = NativeAuthGetAccessTokenParameters()
            parameters.forceRefresh = true
            _ = try await result.getAccessToken(parameters: parameters)

            let requests = transport.requests
            #expect(requests.map { $0.url.lastPathComponent } == ["initiate", "challenge", "token", "token"])
            #expect(interceptor.asked.withLock { $0 } == requests.map(\.url))
            for request in requests {
                let names = request.headers.map { $0.name.lowercased() }
                #expect(request.headers.filter { $0.name == "x-contoso-trace" }.map(\.value) == ["checkout-42"])
                #expect(request.headers.filter { $0.name == "X-Contoso-Tenant" }.map(\.value) == ["west"])
                #expect(!names.contains { $0.hasPrefix("x-ms-") || $0.hasPrefix("x-app-") || $0.hasPrefix("x-broker-") })
                #expect(names.filter { $0 == "x-client-sku" }.count == 1, "the library's own SKU only")
                #expect(!names.contains("authorization") && !names.contains("x-injected") && !names.contains("x bad name"))
            }
        }
    }

    /// An interceptor that never answers delays a request by the wait limit, never stops it.
    @Test func anInterceptorThatNeverAnswersIsWaitedForAtMostTheLimit() async {
        struct Silent: NativeAuthRequestInterceptor {
            func addAdditionalHeaderFields(_ requestUrl: URL?, completionBlock: @escaping @Sendable ([String: String]?) -> Void) {}
        }
        final class InstantClock: NativeAuthClock {
            let waited = Mutex<[Duration]>([])
            var now: Date { Date() }
            func sleep(for duration: Duration) async throws { waited.withLock { $0.append(duration) } }
        }
        let clock = InstantClock()
        let headers = await InterceptedHeaders.headers(from: Silent(), for: URL(string: "https://contoso.ciamlogin.com/x")!, clock: clock,
                                                       logger: LogMasking.silentLogger)
        #expect(headers.isEmpty)
        #expect(clock.waited.withLock { $0 } == [NativeAuthRequestInterceptorRules.waitLimit])
    }

    @Test func theRulesAreMSALsAndNoLineBreakPasses() {
        #expect(NativeAuthRequestInterceptorRules.allows(name: "x-contoso", value: "v 1\tok"))
        for name in ["contoso", "x-", "x-ms-a", "X-MS-A", "x-client-ver", "x-app-ver", "x-broker-a", "x-a b", "x-a:b", "x-é",
                     "x-" + String(repeating: "a", count: 200)] {
            #expect(!NativeAuthRequestInterceptorRules.allows(name: name, value: "v"), "\(name)")
        }
        for value in ["a\nb", "a\rb", "a\u{0}b", "a\u{7F}", String(repeating: "v", count: 3_000)] {
            #expect(!NativeAuthRequestInterceptorRules.allows(name: "x-a", value: value))
        }
    }
}
