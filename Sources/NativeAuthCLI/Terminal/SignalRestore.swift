#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminal settings to put back if the process is interrupted while echo is off. Written only
/// by ``SignalRestore`` before echo is turned off, read by the signal handler.
nonisolated(unsafe) private var savedTerminal = termios()
nonisolated(unsafe) private var hasSavedTerminal: sig_atomic_t = 0

/// Leaves the terminal sane on Ctrl-C or SIGTERM: for every command that can prompt or wait
/// (`signin`, `token`, `status`, `signout`; installed by ``CommandRunner``), SIGINT and SIGTERM restore
/// the saved terminal settings (if echo was turned off), end the prompt line and exit with 128 + the
/// signal's number: 130 for SIGINT, 143 for SIGTERM (``CLIExit/interrupted``, ``CLIExit/terminated``).
/// `nativeauth emulator` handles both signals itself (a graceful stop).
enum SignalRestore {
    /// Installs the handler for SIGINT and SIGTERM.
    static func install() {
        let handler: @convention(c) (Int32) -> Void = { number in
            if hasSavedTerminal != 0 {
                _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &savedTerminal)
            }
            let newline: [UInt8] = [10]
            _ = newline.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, 1) }
            _exit(128 + number)
        }
        _ = signal(SIGINT, handler)
        _ = signal(SIGTERM, handler)
    }

    /// Remembers `settings` as the ones to restore on a signal.
    static func remember(_ settings: termios) {
        savedTerminal = settings
        hasSavedTerminal = 1
    }

    /// Forgets the saved settings (they were restored).
    static func forget() {
        hasSavedTerminal = 0
    }
}
