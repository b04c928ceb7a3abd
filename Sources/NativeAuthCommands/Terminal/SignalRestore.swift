#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal settings to put back if the process is interrupted while echo is off, and the hidden
/// settings to put back after it is continued. Written only by ``SignalRestore`` before echo is turned
/// off, read by the signal handlers.
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var hiddenTerminal = termios()
nonisolated(unsafe) private var hasSavedTerminal: sig_atomic_t = 0

/// Leaves the terminal sane whatever signal arrives, for every command that can prompt or wait
/// (`signin`, `token`, `status`, `signout`; installed by ``ReportingCommand``):
///
/// - SIGINT, SIGTERM, SIGHUP and SIGQUIT restore the saved terminal settings (if echo was turned off),
///   end the prompt line and exit with 128 + the signal's number: 130, 143, 129 and 131
///   (``CLIExit``). SIGQUIT is handled too so that the Swift runtime's backtracer, which would wait
///   for input on the terminal, never starts.
/// - SIGTSTP (Ctrl-Z) restores the terminal, then stops the process (SIGSTOP, which also works when
///   the process group is orphaned, as under a terminal emulator's direct child); SIGCONT puts the
///   hidden-input settings back if the password prompt is still waiting and the process is in the
///   foreground.
///
/// `nativeauth emulator` handles its signals itself (a graceful stop).
enum SignalRestore {
    /// The signals that end the command.
    static let ending: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

    /// Installs the handlers.
    static func install() {
        let end: @convention(c) (Int32) -> Void = { number in
            if hasSavedTerminal != 0 {
                _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
            }
            let newline: [UInt8] = [10]
            _ = newline.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, 1) }
            _exit(128 + number)
        }
        let stop: @convention(c) (Int32) -> Void = { _ in
            if hasSavedTerminal != 0 {
                _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &savedTerminal)
            }
            _ = raise(SIGSTOP)
        }
        let resume: @convention(c) (Int32) -> Void = { _ in
            // Only a foreground process may change the terminal (a background one would get SIGTTOU).
            if hasSavedTerminal != 0, tcgetpgrp(STDIN_FILENO) == getpgrp() {
                _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &hiddenTerminal)
            }
        }
        for number in ending { handle(number, end) }
        handle(SIGTSTP, stop)
        handle(SIGCONT, resume)
    }

    /// Remembers `settings` as the ones to restore on a signal, and `hidden` as the ones to put back
    /// after a stop.
    static func remember(_ settings: termios, hidden: termios) {
        savedTerminal = settings
        hiddenTerminal = hidden
        hasSavedTerminal = 1
    }

    /// Forgets the saved settings (they were restored).
    static func forget() {
        hasSavedTerminal = 0
    }

    /// `sigaction` with `SA_RESTART`, so a read waiting for the prompt's answer goes on after a stop.
    private static func handle(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        _ = sigaction(number, &action, nil)
    }
}
