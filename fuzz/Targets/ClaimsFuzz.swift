// libFuzzer target: JWT and claims decoding (the ID token's claims, client_info), as the library and
// the CLI read them. Compiled into the NativeAuth module by fuzz/build.sh.
//
// Input: the text of a token; after a first newline, a client_info value.
import Foundation
import NativeAuthShared

@_cdecl("LLVMFuzzerTestOneInput")
public func claimsFuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
    let token = String(parts[0])
    let clientInfo = parts.count > 1 ? String(parts[1]) : nil
    _ = JWTClaims.claims(of: token)
    if let payload = JWTClaims.payload(of: token) { _ = JWTClaims.dictionary(payload) }
    _ = Base64URL.decode(token)
    _ = NativeAuthAccount.identifier(clientInfo: clientInfo, idToken: token, username: "user@example.com")
    _ = NativeAuthAccount(username: "user@example.com", identifier: "id", idToken: token).accountClaims
    return 0
}
