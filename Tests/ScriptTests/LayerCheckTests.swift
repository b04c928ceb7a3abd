import Foundation
import Testing

/// `scripts/check-layers.py`, which CI runs: it passes on this tree, and fails a tree where a lower
/// folder names a higher one, a folder is in no layer, or folders depend on each other in a cycle
/// (issue 31, item 6).
@Suite struct LayerCheckTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Runs the script with `arguments`; its exit status and output.
    static func check(_ arguments: [String] = []) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", package.appendingPathComponent("scripts/check-layers.py").path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    /// A tree with one target `Demo` whose folders hold `files` (folder → Swift source), and a doc
    /// whose `Demo` table lists `layers` lowest first; the script's verdict on it.
    static func verdict(files: [String: String], layers: [(String, [String])]) throws -> (status: Int32, output: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("layers-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for (folder, source) in files {
            let directory = root.appendingPathComponent("Sources/Demo/\(folder)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: directory.appendingPathComponent("\(folder).swift"))
        }
        let rows = layers.map { "| \($0.0) | \($0.1.map { "`\($0)`" }.joined(separator: ", ")) | what |" }
        let doc = "# Architecture\n\n## Layers\n\n### `Demo`\n\n| layer | folders | what |\n|---|---|---|\n"
            + rows.joined(separator: "\n") + "\n\n## Next\n"
        let docFile = root.appendingPathComponent("ARCHITECTURE.md")
        try Data(doc.utf8).write(to: docFile)
        return try check(["--sources", root.appendingPathComponent("Sources").path, "--doc", docFile.path])
    }

    @Test func thisTreePasses() throws {
        let result = try Self.check()
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("NativeAuth: ") && result.output.contains("dependencies point down"), "\(result.output)")
    }

    @Test func aLowerFolderNamingAHigherOneFails() throws {
        let files = ["Low": "struct LowThing { let high: HighThing }", "High": "struct HighThing {}"]
        let result = try Self.verdict(files: files, layers: [("base", ["Low"]), ("top", ["High"])])
        #expect(result.status == 1, "\(result.output)")
        #expect(result.output.contains("upward: Low (base) -> High (top): HighThing"), "\(result.output)")
        // The same names the other way round point down.
        let fine = try Self.verdict(files: files, layers: [("base", ["High"]), ("top", ["Low"])])
        #expect(fine.status == 0, "\(fine.output)")
    }

    @Test func aFolderInNoLayerAndALayerWithoutItsFolderFail() throws {
        let result = try Self.verdict(files: ["Low": "struct LowThing {}", "Stray": "struct StrayThing {}"],
                                      layers: [("base", ["Low", "Gone"])])
        #expect(result.status == 1)
        #expect(result.output.contains("Stray: in no layer"), "\(result.output)")
        #expect(result.output.contains("Gone: named by the Demo table"), "\(result.output)")
    }

    @Test func aCycleInOneLayerFails() throws {
        let files = ["One": "struct OneThing { let two: TwoThing? }", "Two": "struct TwoThing { let one: OneThing? }"]
        let result = try Self.verdict(files: files, layers: [("peers", ["One", "Two"])])
        #expect(result.status == 1)
        #expect(result.output.contains("cycle: One, Two"), "\(result.output)")
    }
}
