#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuth
import NativeAuthEmulatorInterface
import NativeAuthShared
import Synchronization

/// Which of the embedded emulator's codes this process shows: only those of flows it started.
///
/// The embedded emulator answers every local user on its loopback port, so without this, another
/// user could start a flow for an address of their own while a `signin` waits at its prompt and
/// read the code on this terminal (or write into it through the address). The filter is the
/// usernames this process's own requests carry (the `username` field of every request that
/// ``EmbeddedEmulatorTransport`` sends: a sign-in, sign-up or reset start): a code is shown only
/// when it is for one of them. That needs no secret and no change to the protocol, and the
/// emulator's codes of a flow always name the flow's user (a second factor's too). A browser or
/// device-code sign-in's user types the address on the emulator's page, not through this process:
/// the page's codes are shown once this process has started such a sign-in
/// (``showWebPageCodes()``), and never before.
final class CodeAudience: Sendable {
    private struct Seen {
        var usernames: Set<String> = []
        var webPages = false
    }

    private let seen = Mutex(Seen())

    /// Remembers the username `request` carries, if any; a device-code request lets the page's codes through.
    func note(_ request: HTTPRequest) {
        if request.url.path.hasSuffix("/devicecode") { showWebPageCodes() }
        guard let username = Self.username(in: request.body) else { return }
        seen.withLock { _ = $0.usernames.insert(username.lowercased()) }
    }

    /// Shows the codes of the emulator's sign-in page from now on.
    func showWebPageCodes() {
        seen.withLock { $0.webPages = true }
    }

    /// Whether `sent` is for a flow this process started.
    func shows(_ sent: EmbeddedCode) -> Bool {
        seen.withLock { seen in
            sent.fromWebPage ? seen.webPages : seen.usernames.contains(sent.username.lowercased())
        }
    }

    /// The `username` field of a form body.
    static func username(in body: Data) -> String? {
        guard !body.isEmpty, let text = String(data: body, encoding: .utf8) else { return nil }
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "username" else { continue }
            return PercentEncoding.decode(String(parts[1]).replacing("+", with: " "))
        }
        return nil
    }
}
