import Foundation
import NativeAuthShared
import Testing

@Suite("PercentEncoding")
struct PercentEncodingTests {
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    @Test("encodes as Foundation's addingPercentEncoding does", arguments: [
        "", "abc-._~XYZ019", "a b", "a+b&c=d/e?f#g%h", "é✓", "😀", "\u{0}\n\t", "\"'<>",
    ])
    func encodesAsFoundation(_ text: String) {
        #expect(PercentEncoding.encode(text, keeping: PercentEncoding.unreserved)
            == text.addingPercentEncoding(withAllowedCharacters: Self.unreserved))
    }

    @Test("decodes as Foundation's removingPercentEncoding does", arguments: [
        "", "abc", "a%20b", "%41%62", "%e2%9c%93", "%E2%9C%93", "a+b", "%", "%4", "%4g", "%zz", "100%", "%C3", "%FF%FE", "%00",
    ])
    func decodesAsFoundation(_ text: String) {
        #expect(PercentEncoding.decode(text) == text.removingPercentEncoding)
    }

    @Test func keepsOnlyTheGivenBytes() {
        #expect(PercentEncoding.encode("a-b c", keeping: Set("ab".utf8)) == "a%2Db%20%63")
        #expect(PercentEncoding.decode(PercentEncoding.encode("naïve ✓ & more", keeping: [])) == "naïve ✓ & more")
    }

    @Test func refusesBrokenSequences() {
        #expect(PercentEncoding.decode("a%2") == nil)
        #expect(PercentEncoding.decode("a%G0") == nil)
        #expect(PercentEncoding.decode("%C3%28") == nil)  // not UTF-8
        #expect(PercentEncoding.decode(Substring("x%2Fy")) == "x/y")
    }
}
