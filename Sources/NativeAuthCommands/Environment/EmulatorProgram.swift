#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import NativeAuthEmulatorInterface

/// The emulator program, `nativeauth-emulator`, as the commands use it: `nativeauth emulator`
/// hands over to it, and a command that signs in at the embedded emulator starts one for itself.
///
/// `nativeauth` uses ``InstalledEmulatorProgram`` (the program installed beside it). A test that
/// runs commands in process gives its ``CommandEnvironment`` one of its own.
protocol EmulatorProgram: Sendable {
    /// Runs the program with `arguments` (`nativeauth emulator …`, `emulator reset …`) for the
    /// command that runs in `environment` and returns its exit status. `nativeauth` replaces itself
    /// with the program, so there this never returns.
    func run(_ arguments: [String], in environment: CommandEnvironment) async throws(EmulatorProgramError) -> Int32

    /// Starts an embedded emulator on 127.0.0.1:`port` with its state in `stateDirectory` for the
    /// command that runs in `environment`, and returns once it listens.
    func startEmbedded(port: Int, stateDirectory: URL, fixedCode: String?,
                       in environment: CommandEnvironment) async throws(EmulatorProgramError) -> any EmbeddedEmulatorRun
}

/// An embedded emulator that runs for a command, and the codes it "sends", which it announces
/// before it answers the request that sent them. So once the command holds an answer, the codes
/// of that answer are among those ``takeAnnouncedCodes()`` returns at once, without waiting.
protocol EmbeddedEmulatorRun: Sendable {
    /// The codes announced since the last call, without waiting (none when there are none).
    func takeAnnouncedCodes() -> [EmbeddedCode]

    /// Returns true once a code may have been announced that was not taken yet (at once when one
    /// is waiting), or when the task is cancelled; false when the emulator can announce no more
    /// (it stopped). For a command that waits on something other than its own request meanwhile
    /// (a web sign-in, whose codes the emulator's page sends).
    func waitForAnnouncement() async -> Bool

    /// Stops it and waits until it has stopped.
    func stop() async
}

/// Why the emulator program could not be run or started: a sentence for people.
struct EmulatorProgramError: Error, CustomStringConvertible, Sendable {
    let description: String
}
