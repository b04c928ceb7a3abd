import Crypto
import Foundation
import NativeAuthShared

/// The continuation token of V2's entry answer (`authorize-challenge`'s 401): what a journey's first
/// step (`sign_in`, `sign_up`, `reset_password`) takes. It is stateless: it names the client it was
/// issued to and when it expires, under an HMAC-SHA256 of the instance's key, so an unauthenticated
/// `authorize-challenge` stores nothing. It may start journeys until it expires (no source says
/// whether the service takes it once only). It is not shaped like a flow's token
/// (``ContinuationToken``): no other step takes it, and it takes no other step's place.
enum EntryToken {
    private static let version: UInt8 = 3
    private static let expiryBytes = 8
    private static let clientBytes = 16
    private static let macBytes = 32

    /// A token for `clientId` (a GUID, lower case), valid until `expiresAt`.
    static func make(clientId: String, expiresAt: Double, key: SymmetricKey) -> String {
        let seconds = UInt64(clamping: max(0, Timestamps.wholeSeconds(expiresAt)))
        var bytes: [UInt8] = [version]
        bytes += (0..<expiryBytes).reversed().map { UInt8(truncatingIfNeeded: seconds >> (8 * UInt64($0))) }
        bytes += guidBytes(clientId)
        bytes += Array(HMAC<SHA256>.authenticationCode(for: bytes, using: key))
        return Base64URL.encode(bytes)
    }

    /// The client `token` was issued to; throws the invalid-token error for anything not made by
    /// ``make(clientId:expiresAt:key:)`` with `key`, and the expired-token error after its expiry.
    static func client(of token: String, key: SymmetricKey, now: Double) throws(ProtocolError) -> String {
        guard let data = Base64URL.decode(token), data.count == 1 + expiryBytes + clientBytes + macBytes, data.first == version,
              HMAC<SHA256>.isValidAuthenticationCode(Array(data.suffix(macBytes)), authenticating: Array(data.prefix(data.count - macBytes)),
                                                     using: key)
        else {
            throw ProtocolError.invalidContinuationToken(
                "a journey starts with the continuation token of authorize-challenge's answer, and this is not one.")
        }
        let expiry = data.dropFirst().prefix(expiryBytes).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        guard now < Double(expiry) else { throw ProtocolError.expiredContinuationToken }
        let hex = HexText.lowercase(data.dropFirst(1 + expiryBytes).prefix(clientBytes))
        return [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
            .joined(separator: "-")
    }

    /// The 16 bytes of a GUID's hex digits.
    private static func guidBytes(_ guid: String) -> [UInt8] {
        let digits = Array(guid.filter { $0 != "-" })
        return stride(from: 0, to: min(digits.count, 2 * clientBytes), by: 2).map { UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0 }
    }
}
