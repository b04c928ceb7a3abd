import Foundation

/// One record of the state set (or removed, with no value): what a transaction changed, written to
/// the database as one row (``StateStore``), and read back by the other instances.
///
/// Its `Decodable` form, `{"t":"flow","k":"KEY","v":{…}}` (no `v` for a removal), is the line format
/// of the journal the emulator kept before its database (`state.journal`), read once when an old
/// state folder is migrated (``LegacyStateFolder``).
enum RecordChange: Sendable {
    case user(String, UserRecord?)
    case flow(String, FlowRecord?)
    case refreshToken(String, RefreshTokenRecord?)
    case guess(String, GuessRecord?)
    case page(String, PageSession?)
    case authorizationCode(String, AuthorizationCodeRecord?)
    case deviceCode(String, DeviceCodeRecord?)

    /// The table a record belongs to: its `kind` in the database, its `t` in the old journal.
    enum Table: String, Codable, CaseIterable, Sendable {
        case user, flow, refreshToken, guess, page, authorizationCode, deviceCode
    }

    /// The record's table.
    var table: Table {
        switch self {
        case .user: .user
        case .flow: .flow
        case .refreshToken: .refreshToken
        case .guess: .guess
        case .page: .page
        case .authorizationCode: .authorizationCode
        case .deviceCode: .deviceCode
        }
    }

    /// The record's key in its table.
    var key: String {
        switch self {
        case .user(let key, _), .flow(let key, _), .refreshToken(let key, _), .guess(let key, _), .page(let key, _),
             .authorizationCode(let key, _), .deviceCode(let key, _):
            key
        }
    }

    /// The record as JSON (members sorted), or nil for a removal.
    func valueJSON() throws -> Data? {
        switch self {
        case .user(_, let value): try Self.encode(value)
        case .flow(_, let value): try Self.encode(value)
        case .refreshToken(_, let value): try Self.encode(value)
        case .guess(_, let value): try Self.encode(value)
        case .page(_, let value): try Self.encode(value)
        case .authorizationCode(_, let value): try Self.encode(value)
        case .deviceCode(_, let value): try Self.encode(value)
        }
    }

    /// A record read back: its table, key and JSON (nil: removed).
    init(table: Table, key: String, json: Data?) throws {
        switch table {
        case .user: self = .user(key, try Self.decode(json))
        case .flow: self = .flow(key, try Self.decode(json))
        case .refreshToken: self = .refreshToken(key, try Self.decode(json))
        case .guess: self = .guess(key, try Self.decode(json))
        case .page: self = .page(key, try Self.decode(json))
        case .authorizationCode: self = .authorizationCode(key, try Self.decode(json))
        case .deviceCode: self = .deviceCode(key, try Self.decode(json))
        }
    }

    private static func encode<Value: Encodable>(_ value: Value?) throws -> Data? {
        guard let value else { return nil }
        return try JSONText.data(value)
    }

    private static func decode<Value: Decodable>(_ json: Data?) throws -> Value? {
        guard let json else { return nil }
        return try JSONDecoder().decode(Value.self, from: json)
    }
}

extension RecordChange: Decodable {
    private enum CodingKeys: String, CodingKey {
        case table = "t", key = "k", value = "v"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let key = try container.decode(String.self, forKey: .key)
        switch try container.decode(Table.self, forKey: .table) {
        case .user: self = .user(key, try container.decodeIfPresent(UserRecord.self, forKey: .value))
        case .flow: self = .flow(key, try container.decodeIfPresent(FlowRecord.self, forKey: .value))
        case .refreshToken: self = .refreshToken(key, try container.decodeIfPresent(RefreshTokenRecord.self, forKey: .value))
        case .guess: self = .guess(key, try container.decodeIfPresent(GuessRecord.self, forKey: .value))
        case .page: self = .page(key, try container.decodeIfPresent(PageSession.self, forKey: .value))
        case .authorizationCode:
            self = .authorizationCode(key, try container.decodeIfPresent(AuthorizationCodeRecord.self, forKey: .value))
        case .deviceCode: self = .deviceCode(key, try container.decodeIfPresent(DeviceCodeRecord.self, forKey: .value))
        }
    }
}
