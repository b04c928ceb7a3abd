import Foundation
import NativeAuthShared
import Testing

@Suite("Base64URL")
struct Base64URLTests {
    /// RFC 4648 §10, unpadded, plus vectors that use the two characters where base64url differs.
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(_ text: String, _ encoded: String) throws {
        #expect(Base64URL.encode(text) == encoded)
        #expect(try #require(Base64URL.decode(encoded)) == Data(text.utf8))
    }

    @Test(arguments: [([0xFB, 0xFF], "-_8"), ([0xFF, 0xFE], "__4"), ([0xFB, 0xEF, 0xBE], "----"), ([0xFF, 0xFF, 0xFF], "____")])
    func urlAlphabet(_ bytes: [UInt8], _ encoded: String) throws {
        #expect(Base64URL.encode(bytes) == encoded)
        #expect(try #require(Base64URL.decode(encoded)) == Data(bytes))
    }

    @Test func roundTripsRandomBytesOfEveryLengthUpTo64() throws {
        var generator = SystemRandomNumberGenerator()
        for length in 0...64 {
            for _ in 0..<8 {
                let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
                let encoded = Base64URL.encode(bytes)
                // Foundation's base64, translated to the url alphabet without padding, as an independent oracle.
                let oracle = Data(bytes).base64EncodedString()
                    .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                #expect(encoded == oracle.replacingOccurrences(of: "=", with: ""), "length \(length)")
                #expect(try #require(Base64URL.decode(encoded)) == Data(bytes), "length \(length)")
                // The padded form (as some servers send client_info) decodes to the same bytes.
                #expect(try #require(Base64URL.decode(oracle)) == Data(bytes), "padded, length \(length)")
            }
        }
    }

    @Test("Exact padding is accepted", arguments: [("Zg==", "f"), ("Zm8=", "fo"), ("Zm9v", "foo"), ("Zm9vYg==", "foob")])
    func paddingAccepted(_ encoded: String, _ text: String) throws {
        #expect(try #require(Base64URL.decode(encoded)) == Data(text.utf8))
    }

    @Test("Padded client_info as a server may send it")
    func paddedClientInfo() throws {
        let json = #"{"uid":"00000000-0000-0000-0000-0000000fa4e1","utid":"aaaabbbb-0000-cccc-1111-dddd2222eeee"}"#
        let padded = Data(json.utf8).base64EncodedString()
        #expect(padded.hasSuffix("="))
        #expect(try #require(Base64URL.decode(padded)) == Data(json.utf8))
    }

    @Test("Invalid text is refused", arguments: [
        "Zm9v+", "Zm9/", "Zm 9v", "Zm9v\n", "Zm9v.", "Zé",  // characters outside the url alphabet
        "Z", "Zm9vY",  // one character left over: no whole byte
        "Zh", "Zm9", "Zm9vYh",  // non-zero bits left over in the last character
        "Zg=", "Zm8==", "Zm9v=", "Zm9v====", "Zg===", "=", "==", "Zg==Zg", "Z=g=",  // padding not exactly at the end
    ])
    func invalidRefused(_ text: String) {
        #expect(Base64URL.decode(text) == nil)
    }

    @Test func decodesSubstrings() throws {
        let token = "eyJhIjoxfQ.Zm9v.sig"
        let middle = token.split(separator: ".")[1]
        #expect(try #require(Base64URL.decode(middle)) == Data("foo".utf8))
    }
}
