#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthShared

/// Shows the sign-in page to the user: the app's choice of browser for
/// ``NativeAuthPublicClientApplication/acquireToken(parameters:)``.
///
/// The default is ``SystemBrowserOpener`` (`$BROWSER`, then `xdg-open`, then macOS `open`). An app
/// with its own way (a web view, a QR code, a message to another device) supplies its own:
///
/// ```swift
/// struct PrintingOpener: BrowserOpener {
///     func open(_ url: URL) async -> Bool {
///         print("Open this page to sign in: \(url)")
///         return true
///     }
/// }
/// ```
public protocol BrowserOpener: Sendable {
    /// Shows `url`; returns whether something took it. On false, the library hands the URL to
    /// ``NativeAuthInteractiveTokenParameters/showURL`` (or fails with `isBrowserUnavailable`).
    func open(_ url: URL) async -> Bool
}

/// Opens URLs the way the desktop does: each command of `$BROWSER` (colon-separated; `%s` stands for
/// the URL, else it is the last argument), then `xdg-open`, then `open` on macOS. Commands run
/// without a shell, with standard input closed and their output discarded (an opener's own errors,
/// such as `xdg-open`'s eight lines on a machine without a browser, would bury the caller's words and
/// the URL), and are not waited for: a browser may run until its window closes.
public struct SystemBrowserOpener: BrowserOpener {
    private let environment: [String: String]

    /// An opener reading `BROWSER` and `PATH` from `environment`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public func open(_ url: URL) async -> Bool {
        for command in commands(for: url.absoluteString) where launch(command) {
            return true
        }
        return false
    }

    /// The candidate command lines, in order: at most 8 from `$BROWSER`, then the platform's opener.
    func commands(for url: String) -> [[String]] {
        var commands: [[String]] = []
        if let browser = environment["BROWSER"], !browser.isEmpty {
            for entry in browser.split(separator: ":").prefix(8) {
                var words = entry.split(separator: " ").map(String.init)
                guard !words.isEmpty else { continue }
                if words.contains(where: { $0.contains("%s") }) {
                    words = words.map { $0.replacing("%s", with: url) }
                } else {
                    words.append(url)
                }
                commands.append(words)
            }
        }
        #if os(macOS)
        commands.append(["open", url])
        #else
        commands.append(["xdg-open", url])
        #endif
        return commands
    }

    private func launch(_ command: [String]) -> Bool {
        guard let executable = resolve(command[0]) else { return false }
        #if canImport(Glibc)
        // Not Foundation's Process, whose run() crashes now and then on Linux (see ChildProcess).
        // The opener's output is discarded: it never mixes with a command's output or its messages.
        return (try? ChildProcess(executable: executable.path, arguments: Array(command.dropFirst()), environment: environment,
                                  standardInput: .null, standardOutput: .null, standardError: .null)) != nil
        #else
        let process = Process()
        process.executableURL = executable
        process.arguments = Array(command.dropFirst())
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
            return true
        } catch {
            return false
        }
        #endif
    }

    /// An absolute or relative path as it is, else the first executable of that name on `PATH`.
    private func resolve(_ name: String) -> URL? {
        if name.contains("/") {
            return FileManager.default.isExecutableFile(atPath: name) ? URL(fileURLWithPath: name) : nil
        }
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}
