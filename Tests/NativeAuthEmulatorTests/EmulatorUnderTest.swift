import Foundation
import Hummingbird
@testable import NativeAuthEmulator

/// What a test reads of the emulator it talks to: a running ``Emulator``, or one served in process.
protocol EmulatorUnderTest: Sendable {
    var core: EmulatorCore { get }
    var tenants: TenantRegistry { get }
    var port: Int { get }
    var baseURL: URL { get }
    var authority: URL { get }
    var tenantId: String { get }
    var clientId: String { get }
    var now: Date { get }
    func latestCode(for username: String) throws -> String?
    @discardableResult func advanceClock(by seconds: TimeInterval) -> Bool
}

extension Emulator: EmulatorUnderTest {}

/// An emulator served in process: its core behind Hummingbird's router, no socket (its port is 0).
/// The shortcuts are those of ``Emulator`` (EmulatorControl.swift), on the same core.
struct InProcessEmulator: EmulatorUnderTest {
    let core: EmulatorCore
    let tenants: TenantRegistry

    var port: Int { core.port }
    var baseURL: URL { URL(string: core.baseURL)! }
    var authority: URL { URL(string: "\(core.baseURL)/\(core.tenantDomain)")! }
    var tenantId: String { core.tenantId }
    var clientId: String { EmulatorConfiguration.defaultClientId }
    var now: Date { Date(timeIntervalSince1970: core.clock.now()) }

    func latestCode(for username: String) throws -> String? {
        core.outbox.codes(for: UserRecord.key(username)).last?.code
    }

    @discardableResult
    func advanceClock(by seconds: TimeInterval) -> Bool {
        core.clock.advance(by: seconds) != nil
    }
}

/// The request context of in-process tests: the test runs on the emulator's machine, so its peer
/// counts as loopback (the admin API answers it); there is no connection to drop.
struct InProcessContext: EmulatorRequestContext {
    var coreContext: CoreRequestContextStorage
    var exchange = RequestExchange()

    init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }

    var peerIsLoopback: Bool { true }

    func dropConnection() async {}
}
