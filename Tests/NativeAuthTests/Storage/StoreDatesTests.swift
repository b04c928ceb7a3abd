import Foundation
import Testing

@testable import NativeAuth

/// The token store's own date coding (``StoreDates``): the same text as the `.iso8601` strategies it
/// replaced, so existing stores read and new ones look the same.
@Suite("StoreDates")
struct StoreDatesTests {
    @Test(arguments: [
        (1_700_000_000, "2023-11-14T22:13:20Z"),
        (0, "1970-01-01T00:00:00Z"),
        (-1, "1969-12-31T23:59:59Z"),
        (951_782_400, "2000-02-29T00:00:00Z"),
        (4_107_542_399, "2100-02-28T23:59:59Z"),
        (4_107_542_400, "2100-03-01T00:00:00Z"),
        (253_402_300_799, "9999-12-31T23:59:59Z"),
        (-62_135_596_800, "0001-01-01T00:00:00Z"),
    ])
    func writesAndReadsKnownInstants(seconds: Int, text: String) {
        let date = Date(timeIntervalSince1970: TimeInterval(seconds))
        #expect(StoreDates.string(from: date) == text)
        #expect(StoreDates.date(from: text) == date)
    }

    @Test func dropsTheFractionOfASecond() {
        #expect(StoreDates.string(from: Date(timeIntervalSince1970: 1_700_000_000.999)) == "2023-11-14T22:13:20Z")
        #expect(StoreDates.string(from: Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
    }

    @Test func writesWhatFoundationsISO8601StrategyWroteAndReadsTheSame() throws {
        // Every day of 2020–2030 at a varying time of day and fraction, and instants far from now.
        var instants = stride(from: 1_577_836_800, to: 1_924_992_000, by: 86_400).enumerated().map { index, day in
            TimeInterval(day + (index * 3_607) % 86_400) + (index.isMultiple(of: 2) ? 0.25 : 0.75)
        }
        instants += [-2_208_988_800, 32_503_680_000, 64_060_588_799, 1e-3]
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        for seconds in instants {
            let date = Date(timeIntervalSince1970: seconds)
            let whole = Date(timeIntervalSince1970: seconds.rounded(.down))
            let foundation = try JSONDecoder().decode([String].self, from: encoder.encode([date]))[0]
            #expect(StoreDates.string(from: date) == foundation, "\(seconds)")
            #expect(StoreDates.date(from: foundation) == whole, "\(seconds)")
            // An older NativeAuth reads what this one writes.
            let written = try JSONEncoder().encode([StoreDates.string(from: date)])
            #expect(try decoder.decode([Date].self, from: written) == [whole], "\(seconds)")
        }
    }

    @Test func everyWrittenInstantReadsBack() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Int.random(in: StoreDates.earliest...StoreDates.latest, using: &generator)
            let date = Date(timeIntervalSince1970: TimeInterval(seconds))
            #expect(StoreDates.date(from: StoreDates.string(from: date)) == date, "\(seconds)")
        }
    }

    @Test func instantsBeyondYear9999AreWrittenAsTheNearestOneInside() {
        #expect(StoreDates.string(from: Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59Z")
        #expect(StoreDates.string(from: Date(timeIntervalSince1970: -1e15)) == "0001-01-01T00:00:00Z")
        #expect(StoreDates.string(from: Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
        #expect(StoreDates.string(from: Date(timeIntervalSince1970: .nan)) == "0001-01-01T00:00:00Z")
    }

    @Test func readsNumericOffsets() {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(StoreDates.date(from: "2023-11-15T00:13:20+02:00") == date)
        #expect(StoreDates.date(from: "2023-11-14T16:43:20-0530") == date)
        #expect(StoreDates.date(from: "2023-11-14T22:13:20+00:00") == date)
    }

    @Test(arguments: [
        "", "2023-11-14", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-11-14t22:13:20Z",
        "2023-11-14T22:13:20z", "2023-11-14T22:13:20.5Z", "2023-11-14T22:13:20ZZ", "2023-11-14T22:13:20Z ",
        " 2023-11-14T22:13:20Z", "23-11-14T22:13:20Z", "2023-1-14T22:13:20Z", "2023-13-14T22:13:20Z",
        "2023-00-14T22:13:20Z", "2023-11-00T22:13:20Z", "2023-02-29T00:00:00Z", "2100-02-29T00:00:00Z",
        "2023-04-31T00:00:00Z", "2023-11-14T24:00:00Z", "2023-11-14T22:60:20Z", "2023-11-14T22:13:60Z",
        "2023-11-14T22:13:20+24:00", "2023-11-14T22:13:20+02:60", "2023-11-14T22:13:20+2", "2023-11-14T22:13:20+",
        "+2023-11-14T22:13:20Z", "-2023-11-14T22:13:20Z", "2023-11-14T22:13:2OZ", "２０２３-11-14T22:13:20Z",
        "2023/11/14T22:13:20Z", "12023-11-14T22:13:20Z",
    ])
    func refusesMalformedDates(text: String) {
        #expect(StoreDates.date(from: text) == nil)
    }

    @Test func aMalformedDateInTheStoreIsReportedAsBefore() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = StoreDates.decoding
        #expect(try decoder.decode([Date].self, from: Data(#"["2023-11-14T22:13:20Z"]"#.utf8))
            == [Date(timeIntervalSince1970: 1_700_000_000)])
        do {
            _ = try decoder.decode([Date].self, from: Data(#"["2023-11-14T22:13:20.5Z"]"#.utf8))
            Issue.record("a fraction of a second was accepted")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "Expected date string to be ISO8601-formatted.")
        }
    }
}
