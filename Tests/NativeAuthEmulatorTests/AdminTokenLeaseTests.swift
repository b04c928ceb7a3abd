import Foundation
import Testing
@testable import NativeAuthEmulator

/// One admin token per state folder while any instance uses it (issue 35, item 7): a second
/// `nativeauth emulator` on the folder no longer replaces the first one's token.
@Suite struct AdminTokenLeaseTests {
    @Test func instancesRunningTogetherShareOneTokenAndTheNextStartMakesANewOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("admin-lease-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("admin-token")
        var first: AdminTokenLease? = try AdminTokenLease.acquire(stateDirectory: folder)
        let token = try #require(first?.token)
        #expect(first?.isShared == false)
        #expect(try String(contentsOf: file, encoding: .utf8) == token + "\n")

        var second: AdminTokenLease? = try AdminTokenLease.acquire(stateDirectory: folder)
        #expect(second?.token == token && second?.isShared == true, "a second instance takes the running one's token")
        first = nil
        var third: AdminTokenLease? = try AdminTokenLease.acquire(stateDirectory: folder)
        #expect(third?.token == token, "the second still runs: still the same token")
        second = nil
        third = nil
        _ = (second, third)

        let later = try AdminTokenLease.acquire(stateDirectory: folder)
        #expect(later.token != token && !later.isShared, "nobody ran: a new token")
        #expect(try String(contentsOf: file, encoding: .utf8) == later.token + "\n")
        _ = first
    }
}
