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
    /// command and returns its exit status. `nativeauth` replaces itself with the program, so there
    /// this never returns.
    func run(_ arguments: [String]) async throws(EmulatorProgramError) -> Int32

    /// Starts an embedded emulator on 127.0.0.1:`port` with its state in `stateDirectory`, and
    /// returns once it listens. `onCode` gets every code it sends, on a thread of its own.
    func startEmbedded(port: Int, stateDirectory: URL, fixedCode: String?,
                       onCode: @escaping @Sendable (EmbeddedCode) -> Void) async throws(EmulatorProgramError) -> any EmbeddedEmulatorRun
}

/// An embedded emulator that runs for a command.
protocol EmbeddedEmulatorRun: Sendable {
    /// Returns once every code the emulator sent before now has been handed to `onCode` (so a code
    /// of an answer the command holds is shown before the prompt for it).
    func drainCodes() async

    /// Stops it and waits until it has stopped.
    func stop() async
}

/// Why the emulator program could not be run or started: a sentence for people.
struct EmulatorProgramError: Error, CustomStringConvertible, Sendable {
    let description: String
}
