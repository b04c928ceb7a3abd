import Foundation
import NativeAuthShared
import Testing

@Suite("JSONValue")
struct JSONValueTests {
    private func decode(_ text: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
    }

    @Test func serializesMembersInTheirOrder() {
        let value: JSONValue = .object([("z", 1), ("a", .array([true, .null, "x"])), ("m", .object([]))])
        #expect(value.serialized() == #"{"z":1,"a":[true,null,"x"],"m":{}}"#)
        #expect(value.data() == Data(value.serialized().utf8))
    }

    @Test func decodingSortsObjectMembersByKey() throws {
        let value = try decode(#"{"b": 1, "a": {"d": 2.5, "c": [true, null, "x"]}, "B": false}"#)
        #expect(value.serialized() == #"{"B":false,"a":{"c":[true,null,"x"],"d":2.5},"b":1}"#)
        // The same document with members in another order decodes to the same value.
        #expect(try decode(#"{"B": false, "a": {"c": [true, null, "x"], "d": 2.5}, "b": 1}"#) == value)
    }

    @Test func integersAndDoublesStayApart() throws {
        let value = try decode(#"[0, -3, 4141, 1.5, -0.25, 9007199254740993]"#)
        #expect(value == .array([.int(0), .int(-3), .int(4141), .double(1.5), .double(-0.25), .int(9_007_199_254_740_993)]))
        #expect(value.serialized() == "[0,-3,4141,1.5,-0.25,9007199254740993]")
        #expect(JSONValue.double(2).serialized() == "2.0")
        #expect(JSONValue.double(.infinity).serialized() == "null")
        #expect(try decode("true") == .bool(true))
        #expect(try decode("1") == .int(1))
    }

    @Test func escapesStrings() throws {
        let text = "q\"b\\s/n\nt\tr\r\u{01}é✓"
        let serialized = JSONValue.string(text).serialized()
        #expect(serialized == #""q\"b\\s/n\nt\tr\r\u0001é✓""#)
        // Foundation reads back exactly the text.
        let decoded = try JSONSerialization.jsonObject(with: Data(serialized.utf8), options: [.fragmentsAllowed])
        #expect(decoded as? String == text)
        #expect(JSONValue.object([(text, .null)]).serialized() == "{\(serialized):null}")
    }

    @Test func roundTripsThroughCodable() throws {
        // Members sorted by key, as decoding gives them.
        let value: JSONValue = .object([
            ("access_token", "fake"), ("expires_in", 4141), ("nested", .object([("a", .double(0.5)), ("b", .array([]))])),
            ("none", .null), ("ok", true),
        ])
        let encoded = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: encoded) == value)
        #expect(try decode(value.serialized()) == value)
    }

    @Test func equalityIsBySerializedText() {
        #expect(JSONValue.object([("a", 1), ("b", 2)]) != .object([("b", 2), ("a", 1)]))
        #expect(JSONValue.int(1) != .double(1))
    }

    @Test func decodesAnyJSONTextAndNothingElse() {
        #expect(JSONValue.decoded(from: Data(#"{"b": [1, "x"], "a": null}"#.utf8)) == .object([("a", .null), ("b", .array([1, "x"]))]))
        #expect(JSONValue.decoded(from: Data("3".utf8)) == .int(3))
        #expect(JSONValue.decoded(from: Data(#""text""#.utf8)) == .string("text"))
        #expect(JSONValue.decoded(from: Data("{".utf8)) == nil)
        #expect(JSONValue.decoded(from: Data("a=b".utf8)) == nil)
        #expect(JSONValue.decoded(from: Data()) == nil)
    }

    @Test func anyValueHasJSONSerializationsShape() throws {
        let value = try #require(JSONValue.decoded(from: Data(#"{"s": "x", "i": 7, "d": 1.5, "t": true, "n": null, "a": [1, {"k": "v"}]}"#.utf8)))
        let object = try #require(value.anyValue as? [String: Any])
        #expect(object["s"] as? String == "x")
        #expect(object["i"] as? Int == 7)
        #expect(object["d"] as? Double == 1.5)
        #expect(object["t"] as? Bool == true)
        // null is a member whose value is nil (not a missing member).
        #expect(object.keys.contains("n"))
        #expect(object["n"].map { Mirror(reflecting: $0).displayStyle == .optional && Mirror(reflecting: $0).children.isEmpty } == true)
        let array = try #require(object["a"] as? [Any])
        #expect(array.first as? Int == 1)
        #expect((array.last as? [String: Any])?["k"] as? String == "v")
    }
}
