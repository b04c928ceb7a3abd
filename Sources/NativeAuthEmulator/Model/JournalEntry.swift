import Foundation

/// One change of the state as a line of `state.journal`: a record of a table set (or removed, with
/// no `v`), `{"t":"flow","k":"KEY","v":{…}}`.
enum JournalEntry: Sendable {
    case user(String, UserRecord?)
    case flow(String, FlowRecord?)
    case refreshToken(String, RefreshTokenRecord?)
    case guess(String, GuessRecord?)
    case page(String, PageSession?)
    case authorizationCode(String, AuthorizationCodeRecord?)
    case deviceCode(String, DeviceCodeRecord?)
}

extension JournalEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case table = "t", key = "k", value = "v"
    }

    private enum Table: String, Codable {
        case user, flow, refreshToken, guess, page, authorizationCode, deviceCode
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

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .user(let key, let value): try Self.encode(.user, key, value, into: &container)
        case .flow(let key, let value): try Self.encode(.flow, key, value, into: &container)
        case .refreshToken(let key, let value): try Self.encode(.refreshToken, key, value, into: &container)
        case .guess(let key, let value): try Self.encode(.guess, key, value, into: &container)
        case .page(let key, let value): try Self.encode(.page, key, value, into: &container)
        case .authorizationCode(let key, let value): try Self.encode(.authorizationCode, key, value, into: &container)
        case .deviceCode(let key, let value): try Self.encode(.deviceCode, key, value, into: &container)
        }
    }

    private static func encode<Value: Encodable>(
        _ table: Table, _ key: String, _ value: Value?, into container: inout KeyedEncodingContainer<CodingKeys>
    ) throws {
        try container.encode(table, forKey: .table)
        try container.encode(key, forKey: .key)
        try container.encodeIfPresent(value, forKey: .value)
    }
}
