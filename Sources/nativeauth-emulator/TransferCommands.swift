import ArgumentParser
import Foundation
import NativeAuthEmulator
import NativeAuthEmulatorInterface
import NativeAuthShared

/// `nativeauth-emulator export FILE` (what `nativeauth emulator export` runs).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: EmulatorHelp.exportAbstract, discussion: EmulatorHelp.exportDiscussion)

    @OptionGroup var options: EmulatorTransferOptions

    func run() throws {
        let configuration = ProgramSettings.stateConfiguration(options.state)
        var data: Data
        do {
            data = try Emulator.exportState(configuration, tenant: options.tenant)
        } catch {
            ProgramOutput.fail("The emulator's state in \(configuration.stateLocation) could not be exported: \(error)")
        }
        data.append(UInt8(ascii: "\n"))  // a text file's last line ends
        if options.file == "-" {
            guard FileDescriptorIO.write(data, to: STDOUT_FILENO) else {
                ProgramOutput.fail("The export could not be written to standard output: \(FileSystemError.describe(errno: errno)).")
            }
            return
        }
        do {
            // Mode 0600, as the state folder's files: an export holds the users' password hashes.
            try AtomicFile.write(data, to: options.file)
        } catch {
            ProgramOutput.fail("The export could not be written: \(error).")
        }
        ProgramOutput.result("Wrote the users and policies of \(options.tenant ?? "the demo tenant") in "
            + "\(configuration.stateLocation) to \(options.file).")
    }
}

/// `nativeauth-emulator import FILE` (what `nativeauth emulator import` runs).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: EmulatorHelp.importAbstract, discussion: EmulatorHelp.importDiscussion)

    @OptionGroup var options: EmulatorTransferOptions

    func run() throws {
        let configuration = ProgramSettings.stateConfiguration(options.state)
        let data: Data
        do {
            data = try InputFile.read(options.file)
        } catch {
            ProgramOutput.fail("\(error)")
        }
        do {
            let count = try Emulator.importState(configuration, tenant: options.tenant, export: data)
            ProgramOutput.result("\(options.tenant ?? "The demo tenant") in \(configuration.stateLocation) now holds the \(count) "
                + "\(count == 1 ? "user" : "users") and the policies of \(options.file).")
        } catch {
            ProgramOutput.fail("\(options.file) could not be imported into \(configuration.stateLocation): \(error)")
        }
    }
}
