import Foundation

/// One change of the state as a line of `state.journal`: a record of a table set (or removed, with
/// no `v`), `{"t":"flow","k":"KEY","v":{…}}`.
enum JournalEntry: Sendable {
    case user(String, UserRecord?)
    case flow(String, FlowRecord?)
    case refreshToken(String, RefreshTokenRecord?)
    case guess(String, GuessRecord?)
}

extension JournalEntry: Codable {
    private enum CodingKeys: String, CodingKey {
        case table = "t", key = "k", value = "v"
    }

    private enum Table: String, Codable {
        case user, flow, refreshToken, guess
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let key = try container.decode(String.self, forKey: .key)
        switch try container.decode(Table.self, forKey: .table) {
        case .user: self = .user(key, try container.decodeIfPresent(UserRecord.self, forKey: .value))
        case .flow: self = .flow(key, try container.decodeIfPresent(FlowRecord.self, forKey: .value))
        case .refreshToken: self = .refreshToken(key, try container.decodeIfPresent(RefreshTokenRecord.self, forKey: .value))
        case .guess: self = .guess(key, try container.decodeIfPresent(GuessRecord.self, forKey: .value))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .user(let key, let value):
            try container.encode(Table.user, forKey: .table)
            try container.encode(key, forKey: .key)
            try container.encodeIfPresent(value, forKey: .value)
        case .flow(let key, let value):
            try container.encode(Table.flow, forKey: .table)
            try container.encode(key, forKey: .key)
            try container.encodeIfPresent(value, forKey: .value)
        case .refreshToken(let key, let value):
            try container.encode(Table.refreshToken, forKey: .table)
            try container.encode(key, forKey: .key)
            try container.encodeIfPresent(value, forKey: .value)
        case .guess(let key, let value):
            try container.encode(Table.guess, forKey: .table)
            try container.encode(key, forKey: .key)
            try container.encodeIfPresent(value, forKey: .value)
        }
    }
}
