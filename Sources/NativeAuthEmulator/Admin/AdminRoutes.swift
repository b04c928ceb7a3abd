import Foundation
import HTTPTypes
import Hummingbird
import NativeAuthShared

/// The control surface under `/_emulator/` (loopback peers only). See docs/EMULATOR.md.
struct AdminRoutes: Sendable {
    let core: EmulatorCore

    private struct AdminError: Error {
        var status: Int
        var message: String
    }

    private struct ClockAdvance: Decodable {
        var seconds: Double
    }

    func handle(_ request: Request, path: String, context: ConnectionContext) async -> HTTPReply {
        guard context.peerIsLoopback else {
            return Self.error(403, "the emulator's admin API only answers loopback peers")
        }
        let route = String(path.dropFirst("/_emulator".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        do {
            switch (request.method, route) {
            case (.get, "health"), (.get, ""):
                return .json(health())
            case (.get, "codes"):
                return .json(try codes(request))
            case (.post, "clock/advance"):
                let body = try await Self.decode(ClockAdvance.self, from: request)
                guard body.seconds.isFinite else { throw AdminError(status: 400, message: "seconds must be a number") }
                let offset = core.clock.advance(by: body.seconds)
                return .json(.object([("now", .string(Timestamps.iso8601(core.clock.now()))), ("offsetSeconds", .double(offset))]))
            case (.get, "clock"):
                return .json(.object([("now", .string(Timestamps.iso8601(core.clock.now()))), ("offsetSeconds", .double(core.clock.offsetSeconds))]))
            case (.post, "faults"):
                let fault = try await Self.decode(Fault.self, from: request)
                guard Fault.endpoints.contains(fault.endpoint) else {
                    throw AdminError(status: 400, message: "endpoint must be one of \(Fault.endpoints.sorted().joined(separator: ", "))")
                }
                if let status = fault.status, !(200...599).contains(status) {
                    throw AdminError(status: 400, message: "status must be an HTTP status code from 200 to 599")
                }
                if let delay = fault.delayMs, !(0...600_000).contains(delay) {
                    throw AdminError(status: 400, message: "delayMs must be from 0 to 600000")
                }
                if let count = fault.count, !(1...1_000_000).contains(count) {
                    throw AdminError(status: 400, message: "count must be from 1 to 1000000")
                }
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
                let seed = try await Self.decode(SeedFile.self, from: request)
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
        let key = UserRecord.key(username)
        let list = try core.store.read { state -> [JSONValue] in
            (state.outbox[key] ?? []).map { record in
                let flow = state.flows[record.flowId]
                let current = flow.map {
                    $0.stage == .awaitingCode && $0.codeHash == SignInService.codeDigest(record.code, flowId: record.flowId)
                } ?? false
                return .object([
                    ("code", .string(record.code)),
                    ("flowId", .string(record.flowId)),
                    ("sentAt", .string(Timestamps.iso8601(record.sentAt))),
                    ("expiresAt", .string(Timestamps.iso8601(record.expiresAt))),
                    ("valid", .bool(current && now < record.expiresAt)),
                ])
            }
        }
        return .object([("username", .string(username)), ("codes", .array(list))])
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return encoder
    }

    private static func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: 1 << 20)
        } catch {
            throw AdminError(status: 400, message: "the body could not be read or is over 1 MiB")
        }
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch {
            throw AdminError(status: 400, message: "the body is not the expected JSON: \(error)")
        }
    }

    private static func error(_ status: Int, _ message: String) -> HTTPReply {
        .json(.object([("error", .string(status == 404 ? "not_found" : "invalid_request")), ("error_description", .string(message))]), status: status)
    }
}
