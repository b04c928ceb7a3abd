import Foundation
import HTTPTypes
import Hummingbird
import NativeAuthShared

/// The control surface under `/_emulator/` (see docs/EMULATOR.md): served only when the emulator has
/// an admin token, only to loopback peers, and only to requests that carry the token as
/// `Authorization: Bearer TOKEN`.
struct AdminRoutes: Sendable {
    let core: EmulatorCore

    func handle(_ request: Request, path: String, context: ConnectionContext, token: String) async -> HTTPReply {
        guard context.peerIsLoopback else {
            return Self.error(403, "the emulator's admin API only answers loopback peers")
        }
        guard Self.isAuthorized(request, token: token) else {
            var reply = Self.error(401, "the admin API needs the emulator's admin token: Authorization: Bearer TOKEN "
                + "(printed by `nativeauth emulator` at start, and in the file admin-token of its state folder)")
            reply.headers = [("WWW-Authenticate", #"Bearer realm="nativeauth-emulator""#)]
            return reply
        }
        let route = String(path.dropFirst("/_emulator".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        do {
            switch (request.method, route) {
            case (.get, "health"), (.get, ""):
                return .json(health())
            case (.get, "codes"):
                return .json(try codes(request))
            case (.post, "clock/advance"):
                let seconds = try AdminRequests.clockAdvance(try await Self.body(request))
                guard let offset = core.clock.advance(by: seconds) else {
                    throw AdminError(status: 400, message: "the clock's offset must stay within ±100 years; it is \(core.clock.offsetSeconds) s")
                }
                return .json(.object([("now", .string(Timestamps.iso8601(core.clock.now()))), ("offsetSeconds", .double(offset))]))
            case (.get, "clock"):
                return .json(.object([("now", .string(Timestamps.iso8601(core.clock.now()))), ("offsetSeconds", .double(core.clock.offsetSeconds))]))
            case (.post, "faults"):
                let fault = try AdminRequests.fault(try await Self.body(request))
                core.faults.enqueue(fault)
                return .json(.object([("queued", .int(max(1, fault.count ?? 1))), ("pending", .int(core.faults.pendingCount))]))
            case (.delete, "faults"):
                core.faults.clear()
                return .json(.object([("pending", 0)]))
            case (.get, "requests"):
                return .json(.object([("requests", .array(core.requestLog.snapshot().map(\.json)))]))
            case (.delete, "requests"):
                core.requestLog.clear()
                return .json(.object([("requests", .array([]))]))
            case (.get, "users"):
                let users = try core.store.read { Array($0.users.values) }
                return HTTPReply(status: 200, body: String(decoding: try Self.encoder.encode(SeedFile.export(users)), as: UTF8.self))
            case (.post, "users"):
                let seed = try AdminRequests.decode(SeedFile.self, from: try await Self.body(request))
                let count = try core.update { state in
                    let records = try seed.records(existing: state.users)
                    state.upsert(records)
                    return records.count
                }
                return .json(.object([("imported", .int(count))]))
            case (.post, "reset"):
                try core.reset()
                return .json(.object([("reset", true)]))
            default:
                return Self.error(404, "no admin endpoint \(request.method.rawValue) /_emulator/\(route)")
            }
        } catch let error as AdminError {
            return Self.error(error.status, error.message)
        } catch let error as SeedFile.Invalid {
            return Self.error(400, error.description)
        } catch {
            return Self.error(500, "\(error)")
        }
    }

    /// Whether the request carries `Authorization: Bearer TOKEN` (compared in constant time).
    static func isAuthorized(_ request: Request, token: String) -> Bool {
        guard let header = request.headers[.authorization] else { return false }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].caseInsensitiveCompare("Bearer") == .orderedSame else { return false }
        return Secrets.constantTimeEquals(parts[1].trimmingCharacters(in: .whitespaces), token)
    }

    private func health() -> JSONValue {
        .object([
            ("ready", true),
            ("emulator", "nativeauth"),
            ("tenantId", .string(core.tenantId)),
            ("tenant", .string(core.tenantDomain)),
            ("clientId", .string(EmulatorConfiguration.defaultClientId)),
            ("authority", .string("\(core.baseURL)/\(core.tenantDomain)")),
            ("persistent", .bool(core.store.isPersistent)),
            ("now", .string(Timestamps.iso8601(core.clock.now()))),
        ])
    }

    private func codes(_ request: Request) throws -> JSONValue {
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
        let list: [JSONValue] = zip(sent, current).map { record, isCurrent in
            .object([
                ("code", .string(record.code)),
                ("flowId", .string(record.flowId)),
                ("sentAt", .string(Timestamps.iso8601(record.sentAt))),
                ("expiresAt", .string(Timestamps.iso8601(record.expiresAt))),
                ("valid", .bool(isCurrent && now < record.expiresAt)),
            ])
        }
        return .object([("username", .string(username)), ("codes", .array(list))])
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    private static func body(_ request: Request) async throws(AdminError) -> Data {
        do {
            return Data(try await request.body.collect(upTo: AdminRequests.maximumBodySize).readableBytesView)
        } catch {
            throw AdminError(status: 400, message: "the body could not be read or is over 1 MiB")
        }
    }

    private static func error(_ status: Int, _ message: String) -> HTTPReply {
        let error = switch status {
        case 404: "not_found"
        case 401: "invalid_token"
        case 403: "access_denied"
        default: "invalid_request"
        }
        return .json(.object([("error", .string(error)), ("error_description", .string(message))]), status: status)
    }
}
