import ArgumentParser

/// `--state-dir` and `--seed`, shared by `nativeauth emulator` and `nativeauth emulator reset` (one
/// option group in both, so `emulator reset --state-dir DIR` reaches the subcommand).
struct EmulatorStateOptions: ParsableArguments {
    @Option(name: .customLong("state-dir"), help: ArgumentHelp(
        "Folder where the emulator keeps its state (default $XDG_STATE_HOME/nativeauth/emulator, the embedded emulator's).",
        valueName: "DIR"))
    var stateDirectory: String?

    @Option(name: .long, help: ArgumentHelp(
        #"JSON file of users to add and the sign-up policy: {"users":[{"username","method","password","displayName"}],"signUp":{…}} (docs/EMULATOR.md)."#,
        valueName: "FILE"))
    var seed: String?
}
