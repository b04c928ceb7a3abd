#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// The application's keys: the current one, which seals, and earlier ones, which still open what
/// they sealed. Rotating is adding a new current key and keeping the old one in ``previous`` for as
/// long as values it sealed may come back (a flow state's lifetime; for refresh tokens at rest,
/// until every row was written again).
///
/// A key file holds one key a line, `id:base64-of-32-bytes`, the current key first; blank lines
/// and lines starting with `#` are skipped:
///
/// ```
/// # nativeauth keys: the first one seals
/// 2026-12:q8m0yJb5...=
/// 2026-11:Vt3cWk2a...=
/// ```
///
/// `printf '%s:%s\n' "$(date +%Y-%m)" "$(head -c 32 /dev/urandom | base64)"` writes a line.
public struct SealingKeys: Sendable {
    /// The key that seals.
    public let current: SealingKey
    /// Earlier keys, which open what they sealed but seal nothing.
    public let previous: [SealingKey]

    /// The keys, the current one first.
    /// - Throws: ``SealingKeyError`` when two keys have the same ID.
    public init(current: SealingKey, previous: [SealingKey] = []) throws(SealingKeyError) {
        let ids = [current.id] + previous.map(\.id)
        if let repeated = ids.first(where: { id in ids.filter { $0 == id }.count > 1 }) {
            throw SealingKeyError("Two keys have the ID '\(repeated)'.")
        }
        self.current = current
        self.previous = previous
    }

    /// The keys of a key file's text (see the type's description).
    /// - Throws: ``SealingKeyError`` for a line that is not a key, or no key at all.
    public init(keyFileContents text: String) throws(SealingKeyError) {
        var keys: [SealingKey] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmed(.whitespacesAndNewlines)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let colon = trimmed.firstIndex(of: ":"),
                  let bytes = Data(base64Encoded: String(trimmed[trimmed.index(after: colon)...]))
            else { throw SealingKeyError("Line \(index + 1) of the key file is not 'id:base64'.") }
            keys.append(try SealingKey(id: String(trimmed[..<colon]), bytes: bytes))
        }
        guard let first = keys.first else { throw SealingKeyError("The key file holds no key.") }
        try self.init(current: first, previous: Array(keys.dropFirst()))
    }

    /// The keys of the key file at `path`.
    /// - Throws: ``SealingKeyError`` when it cannot be read or holds no usable key.
    public init(keyFile path: String) throws(SealingKeyError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw SealingKeyError("The key file '\(path)' cannot be read.")
        }
        try self.init(keyFileContents: String(decoding: data, as: UTF8.self))
    }

    /// The key named `id`, if it is one of these.
    func key(id: String) -> SealingKey? {
        id == current.id ? current : previous.first { $0.id == id }
    }
}
