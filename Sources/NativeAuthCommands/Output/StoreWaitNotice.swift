#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization

/// What a command says on standard error when it has waited a second for a lock of the token store,
/// held by another process (a sign-in or a refresh under way, or a keyring asking to be unlocked in
/// another `nativeauth`): said once per command, however many of its reads wait, so that a command
/// that waits (kubectl's included) never waits silently.
final class StoreWaitNotice: Sendable {
    private let said = Atomic<Bool>(false)
    private let console: Console
    private let directory: String

    init(directory: URL, console: Console) {
        self.console = console
        self.directory = directory.path
    }

    /// Says the line, the first time only.
    func say() {
        guard !said.exchange(true, ordering: .relaxed) else { return }
        console.info("Waiting for another nativeauth that is using the token store in \(directory) "
            + "(a sign-in or a refresh, or a keyring asking to be unlocked); Ctrl-C stops this one.")
    }
}
