import NativeAuthShared
import Testing

@Suite("HexText")
struct HexTextTests {
    @Test func twoLowerCaseDigitsPerByte() {
        #expect(HexText.lowercase([UInt8]()) == "")
        #expect(HexText.lowercase([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(HexText.lowercase(SHA256Hash.digest(Array("abc".utf8)))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }
}
