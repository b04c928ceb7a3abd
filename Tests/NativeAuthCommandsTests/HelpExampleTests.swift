import ArgumentParser
import Testing
@testable import NativeAuthCommands

/// Issue 35, item 22: the examples of every command's `--help` survive the width help is printed
/// at (80 columns at a narrow terminal and in a pipe): each example line is printed as it is
/// written, and a long command goes on after a trailing `\` on an indented line, so a copied
/// example runs as written.
struct HelpExampleTests {
    /// Every command and subcommand of `nativeauth`, as `help` names them.
    static var commands: [[any ParsableCommand.Type]] {
        func walk(_ path: [any ParsableCommand.Type]) -> [[any ParsableCommand.Type]] {
            [path] + path.last!.configuration.subcommands.flatMap { walk(path + [$0]) }
        }
        return walk([NativeAuthCommand.self])
    }

    /// The indented lines of a discussion (examples and commands), as written.
    static func preformatted(_ discussion: String) -> [String] {
        discussion.split(separator: "\n").map(String.init).filter { $0.hasPrefix("  ") }
    }

    @Test func everyExampleFitsEightyColumnsAndContinuesIndented() {
        for path in Self.commands {
            let command = path.last!
            let lines = Self.preformatted(command.configuration.discussion)
            for (index, line) in lines.enumerated() {
                #expect(line.count <= 79, "\(command.configuration.commandName ?? ""): \(line.count) columns: \(line)")
                if line.hasSuffix(" \\") {
                    let next = index + 1 < lines.count ? lines[index + 1] : ""
                    let indent = { (text: String) in text.prefix { $0 == " " }.count }
                    #expect(indent(next) > indent(line), "a continuation is indented further: \(line) / \(next)")
                }
            }
        }
    }

    @Test func helpAtEightyColumnsPrintsEachExampleAsWritten() {
        for path in Self.commands where path.count > 1 {
            let command = path.last!
            let help = NativeAuthCommand.helpMessage(for: command, columns: 80)
            let printed = Set(help.split(separator: "\n").map(String.init))
            for line in Self.preformatted(command.configuration.discussion) {
                #expect(printed.contains(line), "\(command.configuration.commandName ?? ""): not printed as written: \(line)\n\(help)")
            }
        }
    }

    /// Issue 35, item 23: `nativeauth emulator --help` shows how to fix the codes.
    @Test func theEmulatorsHelpShowsTheFixedCode() {
        let help = NativeAuthCommand.helpMessage(for: EmulatorCommand.self, columns: 80)
        #expect(help.contains("  NATIVEAUTH_EMULATOR_FIXED_CODE=12345678 nativeauth emulator"), "\(help)")
    }
}
