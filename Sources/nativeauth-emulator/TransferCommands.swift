import ArgumentParser
import Foundation
import NativeAuthEmulator
import NativeAuthEmulatorInterface

/// `nativeauth-emulator export FILE` (what `nativeauth emulator export` runs).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: EmulatorHelp.exportAbstract, discussion: EmulatorHelp.exportDiscussion)

    @OptionGroup var options: EmulatorTransferOptions

    func run() throws {
        let configuration = ProgramSettings.stateConfiguration(options.state)
        do {
            let data = try Emulator.exportState(configuration, tenant: options.tenant)
            if options.file == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                try data.write(to: URL(fileURLWithPath: options.file), options: .atomic)
                ProgramOutput.result("Wrote the users and policies of \(options.tenant ?? "the demo tenant") in "
                    + "\(configuration.stateLocation) to \(options.file).")
            }
        } catch {
            ProgramOutput.fail("The emulator's state in \(configuration.stateLocation) could not be exported: \(error)")
        }
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
                + "users and the policies of \(options.file).")
        } catch {
            ProgramOutput.fail("\(options.file) could not be imported into \(configuration.stateLocation): \(error)")
        }
    }
}
