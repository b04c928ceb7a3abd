import Foundation
@testable import NativeAuthEmulator
import Testing

/// Issue 34 with API V2: a V2 journey runs on a tenant made with the admin API, on that tenant's
/// users, signing key and flows only.
@Suite("API V2 on tenants")
struct V2TenantTests {
    @Test func aV2SignInRunsOnAMadeTenantAndItsTokenIsRefusedByAnother() async throws {
        try await withEmulator { client in
            let job = try await TenantTests.make("job7", on: client)
            let challenged = try await job.v2CodeRequested()
            let verify = try #require(challenged.link("verify"))
            #expect(verify.hasPrefix("/job7.onmicrosoft.com/api/v2.0/methods/email/"))
            // The job's continuation token on the demo tenant's same step: unknown there.
            let demoTenant = client.emulator.core.tenantDomain
            let foreign = try await client.step(verify.replacingOccurrences(of: "/job7.onmicrosoft.com/", with: "/\(demoTenant)/"),
                                                ["continuationToken": challenged.string("continuationToken") ?? "", "otp": "12345678"])
            #expect(foreign.status == 400, "\(foreign.json)")
            let verified = try await job.follow(challenged, "verify", ["otp": "12345678"])
            #expect(verified.string("state") == "continue", "\(verified.json)")
            let tokens = try await job.v2Complete(verified)
            #expect(tokens.status == 200, "\(tokens.json)")
            let claims = try JWT(try #require(tokens.string("id_token"))).claims
            #expect(claims["tid"] as? String == job.emulator.tenantId)
            #expect(claims["tid"] as? String != client.emulator.tenantId)
        }
    }
}
