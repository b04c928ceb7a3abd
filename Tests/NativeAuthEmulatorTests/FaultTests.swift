import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import NativeAuthEmulator
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test func queuedStatusBodyAndHeadersAreServedForTheNextRequests() async throws {
        try await withEmulator { client in
            let queued = try await client.admin("POST", "faults", json: """
                {"endpoint":"initiate","status":503,"body":"{\\"error\\":\\"busy\\"}","headers":{"Retry-After":"1"},"count":2}
                """)
            #expect(queued.status == 200)
            for _ in 0..<2 {
                let faulted = try await client.initiate("alice@example.com")
                #expect(faulted.status == 503)
                #expect(faulted.header("Retry-After") == "1")
                #expect(faulted.string("error") == "busy")
            }
            #expect(try await client.initiate("alice@example.com").status == 200)
        }
    }

    @Test func aFaultOfAStatusWithoutABodyIsAnsweredWithNone() async throws {
        try await withEmulator { client in
            #expect(try await client.admin("POST", "faults", json: #"{"endpoint":"initiate","status":204,"headers":{"X-Fault":"yes"}}"#).status == 200)
            let faulted = try await client.initiate("alice@example.com")
            #expect(faulted.status == 204 && faulted.body.isEmpty && faulted.header("X-Fault") == "yes")
        }
    }

    @Test func faultsOnlyHitTheirEndpoint() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"token","status":500}"#)
            let token = try await client.startOTP()
            let faulted = try await client.submitCode(token, code: "12345678")
            #expect(faulted.status == 500)
            #expect(faulted.string("error") == "server_error")
            // The faulted request did not consume the flow.
            #expect(try await client.submitCode(token, code: "12345678").status == 200)
        }
    }

    @Test func wildcardAndClearing() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"*","status":429,"count":5}"#)
            #expect(try await client.initiate("alice@example.com").status == 429)
            #expect(try await client.admin("DELETE", "faults").status == 200)
            #expect(try await client.initiate("alice@example.com").status == 200)
        }
    }

    @Test func delayHoldsTheResponse() async throws {
        try await withEmulator { client in
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"initiate","delayMs":300}"#)
            let clock = ContinuousClock()
            let start = clock.now
            let result = try await client.initiate("alice@example.com")
            let elapsed = clock.now - start
            #expect(result.status == 200)
            #expect(elapsed >= .milliseconds(300))
        }
    }

    /// Over a socket: dropping the connection is the point.
    @Test func droppedConnectionGivesNoResponse() async throws {
        try await withLiveEmulator { client in
            // Two drops: a client that reuses connections may retry once on a fresh one.
            _ = try await client.admin("POST", "faults", json: #"{"endpoint":"initiate","dropConnection":true,"count":2}"#)
            let fresh = EmulatorClient(try #require(client.emulator as? Emulator))
            await #expect(throws: (any Error).self) {
                _ = try await fresh.initiate("alice@example.com")
            }
            let log = try await client.admin("GET", "requests").json["requests"] as? [[String: Any]] ?? []
            #expect(log.contains { $0["fault"] as? Bool == true && $0["status"] as? Int == 0 })
        }
    }

    @Test func invalidFaultIsRejected() async throws {
        try await withEmulator { client in
            let unknownEndpoint = try await client.admin("POST", "faults", json: #"{"endpoint":"signup","status":500}"#)
            #expect(unknownEndpoint.status == 400)
            let notJSON = try await client.admin("POST", "faults", json: "not json")
            #expect(notJSON.status == 400)
            let badStatus = try await client.admin("POST", "faults", json: #"{"endpoint":"token","status":100}"#)
            #expect(badStatus.status == 400)
            let hugeDelay = try await client.admin("POST", "faults", json: #"{"endpoint":"token","delayMs":9223372036854775807}"#)
            #expect(hugeDelay.status == 400)
            // Headers that frame the message or manage the connection, in any case; a body where the status has none.
            for name in ["Content-Length", "transfer-encoding", "CONNECTION"] {
                let framing = try await client.admin("POST", "faults", json: #"{"endpoint":"token","status":200,"body":"{}","headers":{"\#(name)":"3"}}"#)
                #expect(framing.status == 400 && framing.string("error_description")?.contains(name) == true, "\(framing.json)")
            }
            for status in [204, 304] {
                let bodied = try await client.admin("POST", "faults", json: #"{"endpoint":"token","status":\#(status),"body":"{}"}"#)
                #expect(bodied.status == 400 && bodied.string("error_description")?.contains("\(status)") == true, "\(bodied.json)")
            }
            // Nothing was queued by the rejected requests.
            let token = try await client.startOTP()
            #expect(try await client.submitCode(token, code: "12345678").status == 200)
        }
    }
}
