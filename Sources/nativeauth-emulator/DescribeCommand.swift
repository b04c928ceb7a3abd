import ArgumentParser
import Foundation
import NativeAuthShared

/// `nativeauth-emulator describe --file-name NAME --output FILE` (run by the build, not by people):
/// writes the Swift source that tells `nativeauth` the file name SwiftPM gave this program when it
/// built it beside `nativeauth` for the EmulatorProgramBeside plugin.
struct DescribeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "describe", abstract: "Write the build's description of this program (for the build).", shouldDisplay: false)

    @Option(name: .customLong("file-name"), help: "The program's file name in the build folder.")
    var fileName: String

    @Option(name: .long, help: "The Swift file to write.")
    var output: String

    func validate() throws {
        guard !fileName.isEmpty, fileName.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw ValidationError("--file-name must be a plain file name.")
        }
    }

    func run() throws {
        let source = """
            // Written by the build (`nativeauth-emulator describe`, from Plugins/EmulatorProgramBeside).

            /// The emulator program SwiftPM builds beside `nativeauth` for the EmulatorProgramBeside plugin.
            enum BuiltEmulatorProgram {
                /// Its file name in the build folder.
                static let fileName = "\(fileName)"
            }

            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }
}
