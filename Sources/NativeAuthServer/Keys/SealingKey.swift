import Crypto
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One of the application's keys: 32 random bytes and the ID that names it in what it sealed.
///
/// Never used as it is: each use (flow states, refresh tokens at rest) derives a key of its own
/// from it with HKDF-SHA256, so that a value sealed for one use never opens as another.
public struct SealingKey: Sendable {
    /// The key's ID, written in front of every value it seals: 1 to 32 letters, digits, `-` or `_`.
    public let id: String
    let material: SymmetricKey

    /// A key from its ID and 32 bytes.
    /// - Throws: ``SealingKeyError`` when the ID is not 1 to 32 letters, digits, `-` or `_`, or the
    ///   key is not 32 bytes.
    public init(id: String, bytes: some Collection<UInt8>) throws(SealingKeyError) {
        guard Self.isValidID(id) else {
            throw SealingKeyError("The key ID '\(id)' is not 1 to 32 letters, digits, '-' or '_'.")
        }
        guard bytes.count == 32 else {
            throw SealingKeyError("The key '\(id)' is \(bytes.count) bytes long; a key is 32 random bytes.")
        }
        self.id = id
        material = SymmetricKey(data: Array(bytes))
    }

    /// A new random key named `id`.
    /// - Throws: ``SealingKeyError`` when the ID is not 1 to 32 letters, digits, `-` or `_`.
    public static func generate(id: String) throws(SealingKeyError) -> SealingKey {
        let random = SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }
        return try SealingKey(id: id, bytes: random)
    }

    /// The key's line in a key file: `id:base64` (see ``SealingKeys/init(keyFileContents:)``).
    public var keyFileLine: String {
        "\(id):" + material.withUnsafeBytes { Data($0).base64EncodedString() }
    }

    /// The key derived from this one for `purpose`.
    func derived(for purpose: SealingPurpose) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: material, salt: Data("nativeauth".utf8),
                               info: Data(purpose.rawValue.utf8), outputByteCount: 32)
    }

    /// Whether `id` is 1 to 32 ASCII letters, digits, `-` or `_` (it is written unescaped before a `.`).
    static func isValidID(_ id: String) -> Bool {
        (1...32).contains(id.utf8.count) && id.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
            default: false
            }
        }
    }
}

/// What a derived key is for: each use has a key of its own.
enum SealingPurpose: String, Sendable {
    /// Sealed flow states (``FlowStateSealer``).
    case flowState = "nativeauth flow state v1"
    /// Refresh tokens and other secrets at rest (``AtRestCipher``).
    case atRest = "nativeauth at rest v1"
}

/// A key, or a key file, that cannot be used.
public struct SealingKeyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A sentence saying what is wrong (never the key itself).
    public let message: String

    init(_ message: String) { self.message = message }

    public var description: String { message }
}
