import Foundation

/// Formats instants the way the native-auth service does in error bodies and the admin API, and
/// turns times into whole seconds without ever trapping.
enum Timestamps {
    /// The earliest instant formatted: 0001-01-01T00:00:00Z.
    static let earliest: Double = -62_135_596_800
    /// The latest instant formatted: 9999-12-31T23:59:59Z.
    static let latest: Double = 253_402_300_799

    /// `2026-01-01 10:15:00Z`: the error-body style.
    static func errorStyle(_ seconds: Double) -> String {
        let c = components(seconds)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02dZ", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }

    /// `2026-01-01T10:15:00Z`: ISO 8601, used by the admin API.
    static func iso8601(_ seconds: Double) -> String {
        let c = components(seconds)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }

    /// `seconds` rounded down to a whole number of seconds, kept within years 1 to 9999 (NaN is 0).
    /// Every place where a time or a lifetime becomes an integer goes through here, so no value of
    /// the clock or the configuration can trap a conversion.
    static func wholeSeconds(_ seconds: Double) -> Int {
        guard !seconds.isNaN else { return 0 }
        return Int(min(max(seconds, earliest), latest).rounded(.down))
    }

    private static func components(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var time = time_t(wholeSeconds(seconds))
        var parts = tm()
        gmtime_r(&time, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
