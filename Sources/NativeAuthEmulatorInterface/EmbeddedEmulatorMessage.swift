#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One line that `nativeauth-emulator embedded` writes on its standard output for the `nativeauth`
/// command that started it: compact JSON, one object per line.
///
/// - `{"event":"ready","port":N}` once it listens;
/// - `{"event":"code",…}` for every code it "sends" (the command shows the codes of its own flows),
///   written before it answers the request that sent the code: once the command holds the answer,
///   the line is there to read, without waiting;
/// - `{"event":"failed","message":…}` when it cannot start, before it exits with status 1.
///
/// The emulator stops when its standard input ends, so it never outlives the command (even one
/// killed with SIGKILL: the pipe closes with the process). The command writes nothing on it.
package enum EmbeddedEmulatorMessage: Equatable, Sendable {
    case ready(port: Int)
    case code(EmbeddedCode)
    case failed(String)

    /// The longest line either side accepts (a code line is a few hundred bytes).
    package static let maximumLineLength = 16 * 1024

    private struct Line: Codable {
        var event: String
        var port: Int?
        var message: String?
        var username: String?
        var maskedTarget: String?
        var code: String?
        var isSMS: Bool?
        var fromWebPage: Bool?
    }

    /// The line, without its newline.
    package func encoded() -> String {
        let line: Line
        switch self {
        case .ready(let port):
            line = Line(event: "ready", port: port)
        case .failed(let message):
            line = Line(event: "failed", message: message)
        case .code(let code):
            line = Line(event: "code", username: code.username, maskedTarget: code.maskedTarget, code: code.code,
                        isSMS: code.isSMS, fromWebPage: code.fromWebPage)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding these fields cannot fail: strings, an integer and booleans.
        let data = (try? encoder.encode(line)) ?? Data(#"{"event":"failed","message":"unencodable"}"#.utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The message of one line; nil for a line that is not one (too long, not JSON, an unknown event
    /// or a missing field).
    package init?(line: some StringProtocol) {
        guard line.utf8.count <= Self.maximumLineLength,
              let decoded = try? JSONDecoder().decode(Line.self, from: Data(line.utf8))
        else { return nil }
        switch decoded.event {
        case "ready":
            guard let port = decoded.port, (1...65535).contains(port) else { return nil }
            self = .ready(port: port)
        case "failed":
            self = .failed(decoded.message ?? "")
        case "code":
            guard let username = decoded.username, let maskedTarget = decoded.maskedTarget, let code = decoded.code else {
                return nil
            }
            self = .code(EmbeddedCode(username: username, maskedTarget: maskedTarget, code: code,
                                      isSMS: decoded.isSMS ?? false, fromWebPage: decoded.fromWebPage ?? false))
        default:
            return nil
        }
    }
}
