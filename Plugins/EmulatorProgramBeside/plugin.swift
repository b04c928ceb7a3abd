import PackagePlugin

/// Makes SwiftPM build `nativeauth-emulator` wherever it builds NativeAuthCommands, without linking
/// it: a plugin's tool is built for the host, beside the products (as `nativeauth-emulator-tool`),
/// while a target that depended on the program directly would link every library the program
/// links (the emulator, SwiftNIO, Hummingbird, swift-crypto), which is what `nativeauth` must not carry.
/// So `swift run nativeauth signin` on a fresh clone finds its embedded emulator with no other step.
///
/// The command it adds runs the program once per build of it (`nativeauth-emulator describe`), which
/// writes `BuiltEmulatorProgram.swift`: the file name the program has beside `nativeauth`.
@main
struct EmulatorProgramBeside: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let program = try context.tool(named: "nativeauth-emulator")
        let output = context.pluginWorkDirectoryURL.appending(path: "BuiltEmulatorProgram.swift")
        return [
            .buildCommand(
                displayName: "Describing the emulator program built beside nativeauth",
                executable: program.url,
                arguments: ["describe", "--file-name", program.url.lastPathComponent, "--output", output.path],
                outputFiles: [output]),
        ]
    }
}
