import Logging

/// The library's log with `--verbose`, passed through ``TerminalText`` before it is written: its
/// messages and metadata may hold what a server sent (an `error`, a `suberror`).
struct SanitizingLogHandler: LogHandler {
    var wrapped: any LogHandler

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: key] = newValue }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: TerminalText.sanitized(event.message.description))
        event.metadata = event.metadata?.mapValues(Self.sanitized)
        wrapped.log(event: event)
    }

    private static func sanitized(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(TerminalText.sanitized(text))
        case .stringConvertible(let item): .string(TerminalText.sanitized(item.description))
        case .dictionary(let dictionary): .dictionary(dictionary.mapValues(sanitized))
        case .array(let array): .array(array.map(sanitized))
        }
    }
}
