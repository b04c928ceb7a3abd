import Foundation
import HTTPTypes
import Hummingbird
import NativeAuthShared

/// The control surface under `/_emulator/` (see docs/EMULATOR.md): served only when the emulator has
/// an admin token, only to loopback peers, and only to requests that carry the token as
/// `Authorization: Bearer TOKEN`.
struct AdminRoutes: Sendable {
    let core: EmulatorCore

    private typealias Handler = @Sendable (AdminRoutes, Request) async throws -> HTTPReply

    /// The endpoints: method, path under `/_emulator`, and what they do.
    private static let endpoints: [(HTTPRequest.Method, String, Handler)] = [
        (.get, "", { routes, _ in .json(routes.health()) }),
        (.get, "health", { routes, _ in .json(routes.health()) }),
        (.get, "codes", { routes, request in .json(try routes.codes(request)) }),
        (.post, "clock/advance", { routes, request in try await routes.advanceClock(request) }),
        (.get, "clock", { routes, _ in routes.clock() }),
        (.post, "faults", { routes, request in try await routes.queueFault(request) }),
        (.delete, "faults", { routes, _ in
            routes.core.faults.clear()
            return .json(.object([("pending", 0)]))
        }),
        (.get, "requests", { routes, _ in .json(.object([("requests", .array(routes.core.requestLog.snapshot().map(\.json)))])) }),
        (.delete, "requests", { routes, _ in
            routes.core.requestLog.clear()
            return .json(.object([("requests", .array([]))]))
        }),
        (.get, "users", { routes, _ in try routes.exportUsers() }),
        (.post, "users", { routes, request in try await routes.importUsers(request) }),
        (.post, "reset", { routes, _ in
            try routes.core.reset()
            return .json(.object([("reset", true)]))
        }),
    ]

    /// Adds the admin API to `router` under `/_emulator`, behind ``AdminGate``. Any other method or
    /// path under `/_emulator` is the admin API's own 404 (after the gate).
    func add<Context: EmulatorRequestContext>(to router: Router<Context>, token: String) {
        let group = router.group("_emulator").add(middleware: AdminGate<Context>(token: token))
        let everyMethod = Router<Context>.everyMethod
        var served: [String: Set<HTTPRequest.Method>] = [:]
        for (method, path, handler) in Self.endpoints {
            served[path, default: []].insert(method)
            group.on(RouterPath(path), method: method) { request, _ in
                await answer(request, handler)
            }
        }
        for (path, methods) in served {
            group.on(RouterPath(path), methods: everyMethod.filter { !methods.contains($0) }) { request, _ in
                await answer(request) { routes, request in try routes.unknownEndpoint(request) }
            }
        }
        group.on("**", methods: everyMethod) { request, _ in
            await answer(request) { routes, request in try routes.unknownEndpoint(request) }
        }
    }

    /// Runs `handler`, turning its failures into the admin API's error bodies.
    private func answer(_ request: Request, _ handler: Handler) async -> Response {
        let reply: HTTPReply
        do {
            reply = try await handler(self, request)
        } catch let error as AdminError {
            reply = Self.error(error.status, error.message)
        } catch let error as SeedFile.Invalid {
            reply = Self.error(400, error.description)
        } catch {
            reply = Self.error(500, "\(error)")
        }
        return reply.response(clientRequestId: request.clientRequestId())
    }

    private func unknownEndpoint(_ request: Request) throws -> HTTPReply {
        let route = String(request.uri.path.dropFirst("/_emulator".count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        throw AdminError(status: 404, message: "no admin endpoint \(request.method.rawValue) /_emulator/\(route)")
    }

    private func advanceClock(_ request: Request) async throws -> HTTPReply {
        let seconds = try AdminRequests.clockAdvance(try await Self.body(request))
        guard let offset = core.clock.advance(by: seconds) else {
            throw AdminError(status: 400, message: "the clock's offset must stay within ±100 years; it is \(core.clock.offsetSeconds) s")
        }
        return .json(.object([("now", .string(Timestamps.iso8601(core.clock.now()))), ("offsetSeconds", .double(offset))]))
    }

    private func clock() -> HTTPReply {
        .json(.object([("now", .string(Timestamps.iso8601(core.clock.now()))), ("offsetSeconds", .double(core.clock.offsetSeconds))]))
    }

    private func queueFault(_ request: Request) async throws -> HTTPReply {
        let fault = try AdminRequests.fault(try await Self.body(request))
        core.faults.enqueue(fault)
        return .json(.object([("queued", .int(max(1, fault.count ?? 1))), ("pending", .int(core.faults.pendingCount))]))
    }

    private func exportUsers() throws -> HTTPReply {
        let users = try core.store.read { Array($0.users.values) }
        return HTTPReply(status: 200, body: String(decoding: try Self.encoder.encode(SeedFile.export(users)), as: UTF8.self))
    }

    private func importUsers(_ request: Request) async throws -> HTTPReply {
        let seed = try AdminRequests.decode(SeedFile.self, from: try await Self.body(request))
        let count = try core.update { state in
            let records = try seed.records(existing: state.users)
            state.upsert(records)
            return records.count
        }
        return .json(.object([("imported", .int(count))]))
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

    static func error(_ status: Int, _ message: String) -> HTTPReply {
        let error = switch status {
        case 404: "not_found"
        case 401: "invalid_token"
        case 403: "access_denied"
        default: "invalid_request"
        }
        return .json(.object([("error", .string(error)), ("error_description", .string(message))]), status: status)
    }
}
