import ArgumentParser

/// The options of `nativeauth emulator export FILE` and `nativeauth emulator import FILE`: where the
/// state is (``EmulatorStateOptions``), which tenant, and the file.
package struct EmulatorTransferOptions: ParsableArguments {
    @OptionGroup package var state: EmulatorStateOptions

    @Option(name: .long, help: ArgumentHelp(
        "The tenant, by its subdomain (one made with POST /_emulator/tenants); default: the demo tenant.", valueName: "SUBDOMAIN"))
    package var tenant: String?

    @Argument(help: ArgumentHelp("The export file (- for standard output or input).", valueName: "FILE"))
    package var file: String

    package init() {}

    /// The options as `nativeauth-emulator` takes them again.
    package var arguments: [String] {
        state.arguments + (tenant.map { ["--tenant", $0] } ?? []) + ["--", file]
    }
}
