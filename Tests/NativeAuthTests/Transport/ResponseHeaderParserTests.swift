import Foundation
@testable import NativeAuth
import Testing

/// How `CurlTransport` turns libcurl's header lines into `HTTPResponse.headers`.
@Suite struct ResponseHeaderParserTests {
    private func parse(_ lines: [String], maximumCount: Int = 100, maximumBytes: Int = 64 * 1024) -> (ResponseHeaderParser, Bool) {
        var parser = ResponseHeaderParser(maximumCount: maximumCount, maximumBytes: maximumBytes)
        for line in lines {
            let accepted = Array(line.utf8).withUnsafeBytes { parser.consume($0) }
            if !accepted { return (parser, false) }
        }
        return (parser, true)
    }

    @Test func theFinalResponseFieldsReplaceThoseOfInterimResponses() {
        let (parser, accepted) = parse([
            "HTTP/1.1 100 Continue\r\n", "\r\n",
            "HTTP/1.1 103 Early Hints\r\n", "Link: </a>\r\n", "\r\n",
            "HTTP/2 200\r\n", "content-type: application/json\r\n", "\r\n",
        ])
        #expect(accepted)
        #expect(parser.fields == ["content-type": "application/json"])
    }

    @Test func repeatedFieldsJoinAndKeepTheirFirstSpelling() {
        let (parser, _) = parse(["HTTP/1.1 200 OK\r\n", "Vary: Accept\r\n", "vary: Origin\r\n", "X-Empty:\r\n", "\r\n"])
        #expect(parser.fields == ["Vary": "Accept, Origin", "X-Empty": ""])
    }

    @Test func foldedLinesContinueThePreviousField() {
        let (parser, _) = parse(["HTTP/1.1 200 OK\r\n", "X-Long: one\r\n", " two\r\n", "\tthree\r\n", "\r\n"])
        #expect(parser.fields == ["X-Long": "one two three"])
    }

    @Test func theFieldCountLimitCountsEveryResponse() {
        let fields = (0..<3).map { "X-\($0): v\r\n" }
        #expect(parse(["HTTP/1.1 200 OK\r\n"] + fields, maximumCount: 3).1)
        #expect(!parse(["HTTP/1.1 200 OK\r\n"] + fields + ["X-3: v\r\n"], maximumCount: 3).1)
        #expect(!parse(["HTTP/1.1 103 Early Hints\r\n"] + fields + ["\r\n", "HTTP/1.1 200 OK\r\n", "X-3: v\r\n"], maximumCount: 3).1)
    }

    @Test func theByteLimitCountsStatusLinesToo() {
        let status = "HTTP/1.1 200 OK\r\n"  // 17 bytes
        #expect(parse([status, "A: b\r\n"], maximumBytes: 23).1)
        #expect(!parse([status, "A: bc\r\n"], maximumBytes: 23).1)
    }
}
