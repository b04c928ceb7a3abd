import NativeAuthEmulatorInterface
import NativeAuthShared
import Synchronization

/// Which of the embedded emulator's codes this process shows: only those of flows it started.
///
/// The embedded emulator answers every local user on its loopback port, so without this, another
/// user could start a flow for an address of their own while a `signin` waits at its prompt and
/// read the code on this terminal (or write into it through the address). The filter is the
/// usernames this process's flows start with (a sign-in, sign-up or password reset: the flow
/// drivers name them, ``expect(username:)``): a code is shown only when it is for one of them. That
/// needs no secret and no change to the protocol, and the emulator's codes of a flow always name the
/// flow's user (a second factor's too). A browser or device-code sign-in's user types the address on
/// the emulator's page, not through this process: the page's codes are shown once this process has
/// started such a sign-in (``includeWebPageCodes()``), and never before.
final class CodeAudience: Sendable {
    private struct Seen {
        var usernames: Set<String> = []
        var webPages = false
    }

    private let seen = Mutex(Seen())

    /// Shows the codes sent to `username` (as the library sends it: trimmed; in any case).
    func expect(username: String) {
        let name = username.trimmed(.whitespacesAndNewlines).lowercased()
        seen.withLock { _ = $0.usernames.insert(name) }
    }

    /// Shows the codes of the emulator's sign-in page from now on.
    func includeWebPageCodes() {
        seen.withLock { $0.webPages = true }
    }

    /// Whether `sent` is for a flow this process started.
    func shows(_ sent: EmbeddedCode) -> Bool {
        seen.withLock { seen in
            sent.fromWebPage ? seen.webPages : seen.usernames.contains(sent.username.lowercased())
        }
    }
}
