import Testing

// The process-level tests: what only the built `nativeauth` in a process of its own shows. Each
// group declares once the time limit of its tests (a hang of a child process is possible), and the
// tests are nested suites, one file each. The commands themselves are tested in process, in
// NativeAuthCommandsTests.

/// Prompts at a pseudo-terminal driven by pexpect: echo, hidden passwords, terminal settings
/// restored after signals.
@Suite(.timeLimit(.minutes(10)), .enabled(if: PseudoTerminal.pexpectAvailable, "python3 with pexpect is needed"))
struct AtATerminal {}

/// `nativeauth emulator` in the foreground: its admin token and its file, its connections, its
/// state folder, a sign-in against it and its stop on SIGTERM.
@Suite(.timeLimit(.minutes(10)))
struct EmulatorProcess {}

/// What the binary writes under `$HOME`, and the token store's folder and file permissions.
@Suite(.timeLimit(.minutes(10)))
struct FilesUnderHome {}

/// What `scripts/install.sh` installs, and the man page in docs/man against the command's own
/// definitions.
@Suite(.timeLimit(.minutes(10)))
struct Installation {}
