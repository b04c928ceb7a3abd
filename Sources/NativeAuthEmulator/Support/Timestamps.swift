import Foundation

/// Formats instants the way the native-auth service does in error bodies and the admin API.
enum Timestamps {
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

    private static func components(_ seconds: Double) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var time = time_t(seconds.rounded(.down))
        var parts = tm()
        gmtime_r(&time, &parts)
        return (Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
