import Foundation
import NativeAuthShared

/// Continuation tokens: opaque base64url strings that name their flow and carry 32 random bytes.
///
/// The server keeps only the SHA-256 of the one token currently valid for a flow, so a token is
/// accepted only if it is that flow's latest, and a tampered token never matches.
enum ContinuationToken {
    private static let version: UInt8 = 1
    private static let flowIdBytes = 16
    private static let secretBytes = 32

    /// A fresh flow identifier (32 hex characters).
    static func newFlowId() -> String {
        Secrets.hex(Secrets.randomBytes(flowIdBytes))
    }

    /// A new token for `flowId` (which must come from ``newFlowId()``).
    static func make(flowId: String) -> String {
        var bytes: [UInt8] = [version]
        var index = flowId.startIndex
        while index < flowId.endIndex {
            let next = flowId.index(index, offsetBy: 2)
            bytes.append(UInt8(flowId[index..<next], radix: 16) ?? 0)
            index = next
        }
        bytes += Secrets.randomBytes(secretBytes)
        return Base64URL.encode(bytes)
    }

    /// The flow a token claims to belong to, or nil if it is not shaped like one of ours.
    static func flowId(of token: String) -> String? {
        guard let data = Base64URL.decode(token), data.count == 1 + flowIdBytes + secretBytes,
              data.first == version
        else { return nil }
        return Secrets.hex(data.dropFirst().prefix(flowIdBytes))
    }

    /// What the server stores for a token.
    static func digest(_ token: String) -> String {
        Secrets.sha256Hex(token)
    }
}
