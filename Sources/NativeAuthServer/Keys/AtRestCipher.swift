import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Encrypts what a store keeps at rest (an account's refresh token, in a database row) with the
/// application's keys: AES-256-GCM under a key derived from the current key for this use, the key
/// ID in front so that earlier keys still open what they encrypted, and a context (the row's key)
/// authenticated with it, so that a value copied into another row does not open there.
public struct AtRestCipher: Sendable {
    private let currentID: String
    private let derivedKeys: [String: SymmetricKey]

    /// A cipher with the application's keys.
    public init(keys: SealingKeys) {
        currentID = keys.current.id
        derivedKeys = Dictionary(uniqueKeysWithValues: ([keys.current] + keys.previous).map { ($0.id, $0.derived(for: .atRest)) })
    }

    /// `plaintext` encrypted for the row `context`: `<key ID>.<base64url>`.
    public func seal(_ plaintext: Data, context: String) -> String {
        // A 32-byte key and the default nonce: sealing cannot fail, and the combined form exists.
        let box = try! AES.GCM.seal(plaintext, using: derivedKeys[currentID]!, authenticating: Self.context(context, keyID: currentID))
        return currentID + "." + Base64URL.encode(box.combined!)
    }

    /// The plaintext of `text`, encrypted for the row `context`.
    /// - Throws: ``AtRestCipherError`` when the key is not known here, or the value was changed or
    ///   belongs to another row.
    public func open(_ text: String, context: String) throws(AtRestCipherError) -> Data {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, let combined = Base64URL.decode(parts[1]) else { throw AtRestCipherError("the stored value is not encrypted by this library") }
        guard let key = derivedKeys[String(parts[0])] else { throw AtRestCipherError("the stored value was encrypted with a key that is not known here") }
        do {
            return try AES.GCM.open(AES.GCM.SealedBox(combined: combined), using: key,
                                    authenticating: Self.context(context, keyID: String(parts[0])))
        } catch {
            throw AtRestCipherError("the stored value does not open with its key: it was changed, or belongs elsewhere")
        }
    }

    /// Whether `text` was encrypted with an earlier key (write it again to move it to the current one).
    public func isSealedWithEarlierKey(_ text: String) -> Bool {
        !text.hasPrefix(currentID + ".")
    }

    private static func context(_ context: String, keyID: String) -> Data {
        Data("\(keyID)\u{0}\(context)".utf8)
    }
}

/// A value at rest that does not open.
public struct AtRestCipherError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying why (never the value).
    public let message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}
