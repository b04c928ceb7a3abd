#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The token store's dates: ISO 8601 in UTC to the whole second, such as `2023-11-14T22:13:20Z`, the
/// form `JSONEncoder`'s `.iso8601` strategy wrote them in before, so existing stores read unchanged.
///
/// Coded here with integer arithmetic (the proleptic Gregorian calendar, days from 1970-01-01)
/// rather than with the `.iso8601` strategies: those build Foundation's Gregorian calendar and, through
/// ICU, the current time zone, which was most of the CPU time of reading the store in a cached
/// `nativeauth token` (docs/PERFORMANCE.md).
///
/// Writing drops the fraction of a second (rounds down, as before). The calendar is the proleptic
/// Gregorian one throughout (Foundation's switches to the Julian calendar before 1582, a date no
/// store holds). Reading accepts what was written
/// (`Z`) and a numeric offset (`+02:00`, `-0530`), which it applies; anything else (a missing or extra
/// field, a month 13, a February 30, a fraction of a second, a lowercase `t` or `z`) is refused.
enum StoreDates {
    /// The earliest instant written: 0001-01-01T00:00:00Z.
    static let earliest = -62_135_596_800
    /// The latest instant written: 9999-12-31T23:59:59Z.
    static let latest = 253_402_300_799

    /// `date` as `YYYY-MM-DDTHH:MM:SSZ`. An instant outside years 1 to 9999 (a server's absurd
    /// `expires_in`, say) is written as the nearest one inside, so that what is written always reads
    /// back; a NaN date as the earliest.
    static func string(from date: Date) -> String {
        let interval = date.timeIntervalSince1970
        let seconds = interval.isNaN ? earliest : Int(min(max(interval, Double(earliest)), Double(latest)).rounded(.down))
        let (days, secondOfDay) = seconds.quotientAndRemainderRoundingDown(dividingBy: 86_400)
        let (year, month, day) = civil(fromDays: days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3600, 2) + ":"
        text += pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2) + "Z"
        return text
    }

    /// The instant `text` names, or nil when it is not `YYYY-MM-DDTHH:MM:SS` followed by `Z` or an offset.
    static func date(from text: String) -> Date? {
        var utf8 = Array(text.utf8)[...]
        guard let year = number(&utf8, digits: 4), take(&utf8, "-"),
              let month = number(&utf8, digits: 2), take(&utf8, "-"),
              let day = number(&utf8, digits: 2), take(&utf8, "T"),
              let hour = number(&utf8, digits: 2), take(&utf8, ":"),
              let minute = number(&utf8, digits: 2), take(&utf8, ":"),
              let second = number(&utf8, digits: 2)
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var offset = 0
        if take(&utf8, "Z") {
            // UTC, as written.
        } else if let sign = utf8.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            utf8.removeFirst()
            guard let offsetHours = number(&utf8, digits: 2) else { return nil }
            _ = take(&utf8, ":")
            guard let offsetMinutes = number(&utf8, digits: 2), offsetHours < 24, offsetMinutes < 60 else { return nil }
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard utf8.isEmpty else { return nil }
        let seconds = days(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    // MARK: - Calendar arithmetic (Howard Hinnant's days_from_civil and civil_from_days)

    /// Days from 1970-01-01 to the given date.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01.
    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // MARK: - Text

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Takes exactly `digits` ASCII digits.
    private static func number(_ utf8: inout ArraySlice<UInt8>, digits: Int) -> Int? {
        guard utf8.count >= digits else { return nil }
        var value = 0
        for _ in 0..<digits {
            let byte = utf8.removeFirst()
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func take(_ utf8: inout ArraySlice<UInt8>, _ character: Unicode.Scalar) -> Bool {
        guard utf8.first == UInt8(ascii: character) else { return false }
        utf8.removeFirst()
        return true
    }
}

extension StoreDates {
    /// The decoding strategy of the store's JSON. A string that is not such a date fails with the
    /// message the `.iso8601` strategy gave.
    static let decoding = JSONDecoder.DateDecodingStrategy.custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = StoreDates.date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
        }
        return date
    }

    /// The encoding strategy of the store's JSON.
    static let encoding = JSONEncoder.DateEncodingStrategy.custom { date, encoder in
        var container = encoder.singleValueContainer()
        try container.encode(StoreDates.string(from: date))
    }
}

private extension Int {
    /// Quotient and remainder with the quotient rounded down, so the remainder is never negative.
    func quotientAndRemainderRoundingDown(dividingBy divisor: Int) -> (quotient: Int, remainder: Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
