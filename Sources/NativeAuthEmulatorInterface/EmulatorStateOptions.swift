import ArgumentParser

/// `--state-dir`, `--database` and `--seed`, shared by `nativeauth emulator` and `nativeauth emulator reset` (one
/// option group in both, so `emulator reset --state-dir DIR` reaches the subcommand), and by
/// `nativeauth-emulator`, which runs them.
package struct EmulatorStateOptions: ParsableArguments {
    @Option(name: .customLong("state-dir"), help: ArgumentHelp(
        "Folder where the emulator keeps its state (default $NATIVEAUTH_EMULATOR_STATE_DIR, else "
            + "$XDG_STATE_HOME/nativeauth/emulator, the embedded emulator's).",
        valueName: "DIR"))
    package var stateDirectory: String?

    @Option(name: .long, help: ArgumentHelp(
        "PostgreSQL database to keep the state in, shared by every emulator given the same one "
            + "(default $NATIVEAUTH_EMULATOR_DATABASE; else the state folder's own database). The state folder still keeps "
            + "the admin token and the HTTPS CA.",
        valueName: "postgres://USER@HOST:PORT/DB"))
    package var database: String?

    @Option(name: .long, help: ArgumentHelp(
        #"JSON file of users to add and the sign-up policy: {"users":[{"username","method","password","displayName"}],"signUp":{…}} (docs/EMULATOR.md of the source)."#,
        valueName: "FILE"))
    package var seed: String?

    package init() {}

    /// The options as `nativeauth-emulator` takes them again.
    package var arguments: [String] {
        (stateDirectory.map { ["--state-dir", $0] } ?? []) + (database.map { ["--database", $0] } ?? [])
            + (seed.map { ["--seed", $0] } ?? [])
    }
}
