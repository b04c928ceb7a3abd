import Foundation
@testable import NativeAuthCommands
import Testing

/// docs/CLI.md's "Exit codes" table (which the man page's EXIT STATUS is made from) has one row
/// for each code the command can exit with, and none for a code it cannot.
@Suite
struct ExitCodeTableTests {
    @Test func docsHaveARowForEveryExitCodeAndNoOther() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let docs = try String(contentsOf: root.appendingPathComponent("docs/CLI.md"), encoding: .utf8)
        let section = try #require(docs.range(of: "\n## Exit codes\n"))
        let rest = docs[section.upperBound...]
        let table = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        let documented = table.split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| code") }
            .compactMap { Int32($0.dropFirst(2).prefix { $0 != " " }) }
        #expect(documented == CLIExit.allCases.map(\.rawValue).sorted(), "docs/CLI.md's rows: \(documented)")
    }
}
