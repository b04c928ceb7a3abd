#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NativeAuthEmulatorInterface
import NativeAuthShared

/// `nativeauth-emulator` as installed beside `nativeauth` (``EmulatorExecutable``).
struct InstalledEmulatorProgram: EmulatorProgram {
    /// Replaces this process with the program: same process ID, terminal, signals and exit status,
    /// as `nativeauth emulator` had when the emulator was linked into it.
    func run(_ arguments: [String], in environment: CommandEnvironment) async throws(EmulatorProgramError) -> Int32 {
        let path = try EmulatorExecutable.locate(in: environment)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        let reason = String(cString: strerror(errno))
        argv.forEach { free($0) }
        throw EmulatorProgramError(description: "cannot run \(path): \(reason)")
    }

    /// Starts `nativeauth-emulator embedded` as a child of this process.
    func startEmbedded(port: Int, stateDirectory: URL, fixedCode: String?,
                       in environment: CommandEnvironment) async throws(EmulatorProgramError) -> any EmbeddedEmulatorRun {
        let path = try EmulatorExecutable.locate(in: environment)
        return try await EmbeddedEmulatorChild.start(
            executable: path,
            arguments: [EmulatorProgramFacts.embeddedSubcommand, "--port", String(port), "--state-dir", stateDirectory.path],
            environment: fixedCode.map { ["NATIVEAUTH_EMULATOR_FIXED_CODE": $0] } ?? [:])
    }
}
