import Logging
import Synchronization

/// A swift-log handler that keeps every line (message and metadata) so a test can search it.
struct CapturingLogHandler: LogHandler {
    final class Lines: Sendable {
        private let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }
        func append(_ line: String) { lines.withLock { $0.append(line) } }
    }

    let lines: Lines
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        lines.append("\(event.level) \(event.message) \(merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })")
    }

    /// A `.trace` logger writing into `lines`.
    static func logger(into lines: Lines) -> Logger {
        var logger = Logger(label: "NativeAuthTests") { _ in CapturingLogHandler(lines: lines) }
        logger.logLevel = .trace
        return logger
    }
}
