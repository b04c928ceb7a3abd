import NativeAuthShared
import Testing

/// SHA-256 against the FIPS 180-4 example vectors (NIST's "SHA256.pdf" and the long-message set),
/// and PKCE against RFC 7636 Appendix B.
@Suite struct SHA256HashTests {
    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    @Test func oneBlockMessage() {
        #expect(hex(SHA256Hash.digest(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func emptyMessage() {
        #expect(hex(SHA256Hash.digest([UInt8]()))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test func twoBlockMessage() {
        let message = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
        #expect(hex(SHA256Hash.digest(Array(message.utf8)))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test func message896Bits() {
        let message = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(hex(SHA256Hash.digest(Array(message.utf8)))
                == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test func oneMillionAs() {
        #expect(hex(SHA256Hash.digest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func lengthsAroundThePaddingBoundary() {
        // 55 bytes fit one block with the length; 56 need a second block.
        #expect(hex(SHA256Hash.digest([UInt8](repeating: UInt8(ascii: "a"), count: 55)))
                == "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318")
        #expect(hex(SHA256Hash.digest([UInt8](repeating: UInt8(ascii: "a"), count: 56)))
                == "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a")
    }

    @Test func pkceChallengeOfRFC7636AppendixB() {
        #expect(PKCE.challenge(for: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk") == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    @Test func verifiersAreWellFormedAndDiffer() {
        let first = PKCE.makeVerifier(), second = PKCE.makeVerifier()
        #expect(PKCE.isWellFormedVerifier(first) && first.count == 43)
        #expect(first != second)
        #expect(!PKCE.isWellFormedVerifier("short"))
        #expect(!PKCE.isWellFormedVerifier(String(repeating: "a", count: 42) + "!"))
    }
}
