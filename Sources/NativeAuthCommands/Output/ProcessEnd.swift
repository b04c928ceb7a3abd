import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How `nativeauth` ends, whichever way ArgumentParser's `main()` ends it (`exit(3)` with the
/// command's code, or returning): C's streams are flushed (what ArgumentParser prints, help and
/// usage errors, goes through them; the commands write unbuffered), then `_exit(2)` with the exit
/// status, so no library's exit-time clean-up runs. libcurl's dependencies, loaded with dlopen, free
/// their state at `exit(3)`, and once (CI, a sign-in over HTTPS that had succeeded and printed its
/// line) that raced a worker thread's own clean-up in libgssapi_krb5 and aborted with a double free.
/// Nothing of `nativeauth`'s is left to an exit handler: the token store writes and syncs each file
/// before it returns, and a child emulator stops when its standard input closes with the process.
///
/// The status is ``CLIExit/status(of:)``'s: ArgumentParser's usage error (64) is `nativeauth`'s 2.
/// On systems without glibc's `on_exit`, which hands its handler the status, the process ends as
/// ArgumentParser ends it (there a usage error that ArgumentParser finds itself exits 64).
enum ProcessEnd {
    /// Registers the handler that ends the process. Exit handlers run last registered first, and
    /// the libraries' destructors after them all: `NativeAuthTool` registers it first thing (for a
    /// usage error found while parsing), and a command again when it is done
    /// (``EnvironmentCommand/run()``), after any handler a library it loaded registered (OpenSSL's).
    static func install() {
        #if canImport(Glibc)
        on_exit({ status, _ in
            fflush(nil)
            _exit(CLIExit.status(of: ExitCode(status)))
        }, nil)
        #endif
    }
}
