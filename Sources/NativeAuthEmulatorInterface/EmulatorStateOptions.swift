import ArgumentParser

/// `--state-dir` and `--seed`, shared by `nativeauth emulator` and `nativeauth emulator reset` (one
/// option group in both, so `emulator reset --state-dir DIR` reaches the subcommand), and by
/// `nativeauth-emulator`, which runs them.
package struct EmulatorStateOptions: ParsableArguments {
    @Option(name: .customLong("state-dir"), help: ArgumentHelp(
        "Folder where the emulator keeps its state (default $XDG_STATE_HOME/nativeauth/emulator, the embedded emulator's).",
        valueName: "DIR"))
    package var stateDirectory: String?

    @Option(name: .long, help: ArgumentHelp(
        #"JSON file of users to add and the sign-up policy: {"users":[{"username","method","password","displayName"}],"signUp":{…}} (docs/EMULATOR.md of the source)."#,
        valueName: "FILE"))
    package var seed: String?

    package init() {}

    /// The options as `nativeauth-emulator` takes them again.
    package var arguments: [String] {
        (stateDirectory.map { ["--state-dir", $0] } ?? []) + (seed.map { ["--seed", $0] } ?? [])
    }
}
