import Foundation
import NativeAuthShared

/// Continuation tokens: opaque base64url strings that name their flow, say when they expire, and
/// carry 32 random bytes.
///
/// The server keeps only the SHA-256 of the one token currently valid for a flow, so a token is
/// accepted only if it is that flow's latest, and a tampered token never matches. Because a token
/// says when it expires, a flow is forgotten as soon as its token expires and a late request is still
/// answered `expired_token` (from the token alone; its flow is gone).
enum ContinuationToken {
    /// Version 1: flow id and secret. Version 2: flow id, expiry (seconds since 1970, 8 bytes big
    /// endian) and secret.
    private static let version: UInt8 = 2
    private static let legacyVersion: UInt8 = 1
    private static let flowIdBytes = 16
    private static let expiryBytes = 8
    private static let secretBytes = 32

    /// A fresh flow identifier (32 hex characters).
    static func newFlowId() -> String {
        HexText.lowercase(Secrets.randomBytes(flowIdBytes))
    }

    /// A new token for `flowId` (which must come from ``newFlowId()``), valid until `expiresAt`
    /// (without it, a version 1 token that does not say when it expires).
    static func make(flowId: String, expiresAt: Double? = nil) -> String {
        var bytes: [UInt8] = [expiresAt == nil ? legacyVersion : version]
        var index = flowId.startIndex
        while index < flowId.endIndex {
            let next = flowId.index(index, offsetBy: 2)
            bytes.append(UInt8(flowId[index..<next], radix: 16) ?? 0)
            index = next
        }
        if let expiresAt {
            let seconds = UInt64(clamping: max(0, Timestamps.wholeSeconds(expiresAt)))
            bytes += (0..<expiryBytes).reversed().map { UInt8(truncatingIfNeeded: seconds >> (8 * UInt64($0))) }
        }
        bytes += Secrets.randomBytes(secretBytes)
        return Base64URL.encode(bytes)
    }

    /// The flow a token claims to belong to, or nil if it is not shaped like one of ours.
    static func flowId(of token: String) -> String? {
        guard let data = Base64URL.decode(token) else { return nil }
        switch (data.first, data.count) {
        case (legacyVersion, 1 + flowIdBytes + secretBytes), (version, 1 + flowIdBytes + expiryBytes + secretBytes):
            return HexText.lowercase(data.dropFirst().prefix(flowIdBytes))
        default:
            return nil
        }
    }

    /// When a token says it expires (seconds since 1970), or nil when it is not a version 2 token.
    static func expiry(of token: String) -> Double? {
        guard let data = Base64URL.decode(token), data.count == 1 + flowIdBytes + expiryBytes + secretBytes,
              data.first == version
        else { return nil }
        let seconds = data.dropFirst(1 + flowIdBytes).prefix(expiryBytes).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(seconds)
    }

    /// What the server stores for a token.
    static func digest(_ token: String) -> String {
        Secrets.sha256Hex(token)
    }
}
