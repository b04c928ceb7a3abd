import Foundation
import HTTPTypes
import Hummingbird

/// The control surface under `/_emulator/` (see docs/EMULATOR.md): served only when the emulator has
/// an admin token, only to loopback peers, and only to requests that carry the token as
/// `Authorization: Bearer TOKEN` (``AdminGate``, before the routes). Any other method or path under
/// `/_emulator` is the admin API's own 404 (``UnmatchedRouteMiddleware``).
struct AdminRoutes: Sendable {
    let core: EmulatorCore

    /// Adds the admin API to `router` under `/_emulator`.
    func add<Context: EmulatorRequestContext>(to router: Router<Context>) {
        let admin = router.group("_emulator").add(middleware: UnexpectedErrorMiddleware<Context> { error in
            if let invalid = error as? SeedFile.Invalid { return AdminError(status: 400, message: invalid.description) }
            return AdminError(status: 500, message: "\(error)")
        })
        admin.get { _, _ in try health() }
        admin.get("health") { _, _ in try health() }
        admin.get("codes") { request, _ in try codes(request) }
        admin.post("clock/advance") { request, _ in try await advanceClock(request) }
        admin.get("clock") { _, _ in clock() }
        admin.post("faults") { request, _ in try await queueFault(request) }
        admin.delete("faults") { _, _ in
            core.faults.clear()
            return AdminAnswer.Faults(queued: nil, pending: 0)
        }
        admin.get("requests") { _, _ in AdminAnswer.Requests(requests: core.requestLog.snapshot()) }
        admin.delete("requests") { _, _ in
            core.requestLog.clear()
            return AdminAnswer.Requests(requests: [])
        }
        admin.get("users") { _, _ in try exportUsers() }
        admin.post("users") { request, _ in try await importUsers(request) }
        admin.get("export") { _, _ in
            EmulatorJSONEncoder.response(json: ByteBuffer(bytes: try TenantTransfer.exportData(core)))
        }
        admin.post("import") { request, _ in
            let body = try await AdminRequests.body(of: request, limit: AdminRequests.maximumImportSize)
            let file = try AdminRequests.decode(SeedFile.self, from: body)
            return AdminAnswer.Imported(imported: try TenantTransfer.import(file, into: core))
        }
        admin.post("reset") { _, _ in
            try core.reset()
            return AdminAnswer.Reset()
        }
    }

    /// The admin API's 404 for `request`, a method or path under `/_emulator` it does not serve.
    static func unknownEndpoint(_ request: Request) -> AdminError {
        let route = String(request.uri.path.dropFirst("/_emulator".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        return AdminError(status: 404, message: "no admin endpoint \(request.method.rawValue) /_emulator/\(route)")
    }

    private func advanceClock(_ request: Request) async throws -> AdminAnswer.Clock {
        let seconds = try AdminRequests.clockAdvance(try await AdminRequests.body(of: request))
        guard let offset = core.clock.advance(by: seconds) else {
            throw AdminError(status: 400, message: "the clock's offset must stay within ±100 years; it is \(core.clock.offsetSeconds) s")
        }
        return AdminAnswer.Clock(now: Timestamps.iso8601(core.clock.now()), offsetSeconds: offset)
    }

    private func clock() -> AdminAnswer.Clock {
        AdminAnswer.Clock(now: Timestamps.iso8601(core.clock.now()), offsetSeconds: core.clock.offsetSeconds)
    }

    private func queueFault(_ request: Request) async throws -> AdminAnswer.Faults {
        let fault = try AdminRequests.fault(try await AdminRequests.body(of: request))
        core.faults.enqueue(fault)
        return AdminAnswer.Faults(queued: max(1, fault.count ?? 1), pending: core.faults.pendingCount)
    }

    /// The users in the seed format, pretty-printed (a file to keep and import again).
    private func exportUsers() throws -> Response {
        let users = try core.store.read { Array($0.users.values) }
        return EmulatorJSONEncoder.response(json: ByteBuffer(bytes: try TenantTransfer.encoder.encode(SeedFile.export(users))))
    }

    private func importUsers(_ request: Request) async throws -> AdminAnswer.Imported {
        let seed = try AdminRequests.decode(SeedFile.self, from: try await AdminRequests.body(of: request)).withPasswordsHashed()
        let count = try core.update { state in
            let records = try seed.records(existing: state.users)
            state.upsert(records)
            return records.count
        }
        return AdminAnswer.Imported(imported: count)
    }

    /// Ready only when the tenant's state can be read: with a database, one that answers (503 while it
    /// does not, with the reason).
    private func health() throws -> AdminAnswer.Health {
        do {
            try core.store.read { _ in }
        } catch {
            throw AdminError(status: 503, message: "not ready: \(error)")
        }
        return AdminAnswer.Health(tenantId: core.tenantId, tenant: core.tenantDomain, clientId: core.clientId,
                           authority: "\(core.baseURL)/\(core.tenantDomain)", persistent: core.store.isPersistent,
                           now: Timestamps.iso8601(core.clock.now()))
    }

    private func codes(_ request: Request) throws -> AdminAnswer.SentCodes {
        guard let username = request.uri.queryParameters.get("username"), !username.isEmpty else {
            throw AdminError(status: 400, message: "the username query parameter is required")
        }
        let now = core.clock.now()
        let sent = core.outbox.codes(for: UserRecord.key(username))
        let current = try core.store.read { state in
            sent.map { record in
                state.flows[record.flowId].map {
                    $0.stage == .awaitingCode && $0.codeHash == SignInService.codeDigest(record.code, flowId: record.flowId)
                } ?? false
            }
        }
        let codes = zip(sent, current).map { record, isCurrent in
            AdminAnswer.SentCodes.Code(code: record.code, flowId: record.flowId, sentAt: Timestamps.iso8601(record.sentAt),
                                       expiresAt: Timestamps.iso8601(record.expiresAt), valid: isCurrent && now < record.expiresAt)
        }
        return AdminAnswer.SentCodes(username: username, codes: codes)
    }
}
