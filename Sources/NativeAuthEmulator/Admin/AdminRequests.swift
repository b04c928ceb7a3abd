import Foundation

/// A request to the admin API that cannot be served: its status and a sentence (it answers itself,
/// `AdminError+Response.swift`).
struct AdminError: Error, Sendable {
    var statusCode: Int
    var message: String
    /// The `WWW-Authenticate` challenge of a request without the admin token.
    var challenge: String?

    init(status: Int, message: String, challenge: String? = nil) {
        self.statusCode = status
        self.message = message
        self.challenge = challenge
    }
}

/// The JSON bodies the admin API accepts, decoded and checked before anything acts on them. Every
/// number is bounded here, so no body can make a later conversion trap.
enum AdminRequests {
    /// The largest admin body read.
    static let maximumBodySize = 1 << 20
    /// The largest import read (`POST /_emulator/import`: an export of a tenant of many users).
    static let maximumImportSize = 64 << 20

    private struct ClockAdvance: Decodable {
        var seconds: Double
    }

    /// `POST clock/advance`: the seconds to move the clock by (checked against the clock's bound by
    /// ``VirtualClock/advance(by:)``).
    static func clockAdvance(_ body: Data) throws(AdminError) -> Double {
        let seconds = try decode(ClockAdvance.self, from: body).seconds
        guard seconds.isFinite, abs(seconds) <= 2 * VirtualClock.maximumOffset else {
            throw AdminError(status: 400, message: "seconds must be a number within ±100 years of seconds")
        }
        return seconds
    }

    /// `POST faults`: the fault to queue.
    static func fault(_ body: Data) throws(AdminError) -> Fault {
        let fault = try decode(Fault.self, from: body)
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
        if let body = fault.body, body.utf8.count > maximumBodySize {
            throw AdminError(status: 400, message: "body must be at most \(maximumBodySize) bytes")
        }
        if let status = fault.status, fault.body != nil, !Fault.statusHasBody(status) {
            throw AdminError(status: 400, message: "a fault of status \(status) has no body")
        }
        for (name, value) in fault.headers ?? [:] where !isHeaderName(name) || value.contains(where: { $0.isNewline || $0 == "\0" }) {
            throw AdminError(status: 400, message: "headers must be HTTP field names with values without line breaks")
        }
        if let name = fault.headers?.keys.sorted().first(where: { Fault.reservedHeaders.contains($0.lowercased()) }) {
            throw AdminError(status: 400, message: "headers may not set \(name): the emulator frames its answers itself "
                + "(\(Fault.reservedHeaders.sorted().joined(separator: ", ")) are refused)")
        }
        return fault
    }

    static func decode<T: Decodable>(_ type: T.Type, from body: Data) throws(AdminError) -> T {
        do {
            return try JSONDecoder().decode(T.self, from: body)
        } catch {
            throw AdminError(status: 400, message: "the body is not the expected JSON: \(error)")
        }
    }

    /// RFC 9110 `token`: a header name.
    private static func isHeaderName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 256 && name.utf8.allSatisfy { byte in
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
