import Foundation
import MetricsTestKit
import NativeAuth
import NativeAuthServer
import NativeAuthTestSupport
import Testing

@Suite("Tracing and counting the requests")
struct TracedTransportTests {
    private static let tenant = "https://contoso.ciamlogin.com/contoso.onmicrosoft.com"

    private static func send(_ url: String, body: String = "", through transport: TracedTransport) async throws {
        _ = try await transport.send(HTTPRequest(method: "POST", url: URL(string: url)!, headers: [], body: Data(body.utf8)))
    }

    @Test("The authority's endpoints are counted by name and grant; any other URL (an API's, through callAPI) as 'other', so labels stay few")
    func labelsAreBounded() async throws {
        let metrics = TestMetrics()
        let transport = TracedTransport(wrapping: ScriptedTransport { _, _ in HTTPResponse(status: 200) }, metricsFactory: metrics)
        try await Self.send("\(Self.tenant)/oauth2/v2.0/token", body: "client_id=c&grant_type=refresh_token&refresh_token=R1",
                            through: transport)
        try await Self.send("\(Self.tenant)/signup/v1.0/start", body: "client_id=c&username=alice%40contoso.com", through: transport)
        for user in ["alice", "bob"] {
            let id = UUID().uuidString
            try await Self.send("https://api.contoso.com/users/\(user)/orders/\(id)?access=\(id)", through: transport)
            try await Self.send("https://api.contoso.com/\(id)/token", body: "grant_type=\(id)", through: transport)
            try await Self.send("https://api.contoso.com/\(user)/oauth2/\(id)", through: transport)
        }

        let counted = Set(metrics.counters.filter { $0.label == "nativeauth_requests_total" }.map {
            Dictionary(uniqueKeysWithValues: $0.dimensions)
        })
        #expect(counted == [
            ["endpoint": "/oauth2/v2.0/token", "grant": "refresh_token", "outcome": "2xx"],
            ["endpoint": "/signup/v1.0/start", "grant": "", "outcome": "2xx"],
            ["endpoint": "other", "grant": "", "outcome": "2xx"],
        ])
        let timed = Set(metrics.timers.filter { $0.label == "nativeauth_request_duration_seconds" }.map {
            Dictionary(uniqueKeysWithValues: $0.dimensions)
        })
        #expect(timed == [["endpoint": "/oauth2/v2.0/token"], ["endpoint": "/signup/v1.0/start"], ["endpoint": "other"]])
    }

    @Test("Each grant the library sends is counted by its grant_type, form-encoded as the library sends it")
    func everyGrantIsLabelled() async throws {
        let metrics = TestMetrics()
        let transport = TracedTransport(wrapping: ScriptedTransport { _, _ in HTTPResponse(status: 200) }, metricsFactory: metrics)
        let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        for grant in GrantType.allCases {
            let value = try #require(grant.rawValue.addingPercentEncoding(withAllowedCharacters: unreserved))
            try await Self.send("\(Self.tenant)/oauth2/v2.0/token", body: "client_id=c&grant_type=\(value)&scope=openid", through: transport)
        }
        let grants = metrics.counters.filter { $0.label == "nativeauth_requests_total" }
            .compactMap { $0.dimensions.first { $0.0 == "grant" }?.1 }
        #expect(Set(grants) == Set(GrantType.allCases.map(\.rawValue)))
        #expect(grants.contains("urn:ietf:params:oauth:grant-type:device_code"))
    }
}
