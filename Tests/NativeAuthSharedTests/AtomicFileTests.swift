import Foundation
import NativeAuthShared
import Testing

@Suite("AtomicFile")
struct AtomicFileTests {
    @Test func writesReplacesAndLeavesNothingBehind() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/state.json"
            try AtomicFile.write(Data("one".utf8), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data("one".utf8))
            #expect(try permissions(path) == 0o600)
            #expect(chmod(path, 0o644) == 0)
            try AtomicFile.write(Data("two".utf8), to: path)
            #expect(FileManager.default.contents(atPath: path) == Data("two".utf8))
            #expect(try permissions(path) == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["state.json"])
        }
    }

    @Test func failureNamesTheDestinationAndRemovesTheTemporaryFile() throws {
        try withTemporaryDirectory { directory in
            let missing = directory + "/missing/state.json"
            let created = #expect(throws: FileSystemError.self) { try AtomicFile.write(Data("x".utf8), to: missing) }
            #expect(created == FileSystemError(.createTemporaryFile, path: missing, code: ENOENT))

            // A non-empty folder in the way: the rename fails and the temporary file goes.
            let blocked = directory + "/blocked"
            try FileManager.default.createDirectory(atPath: blocked + "/inside", withIntermediateDirectories: true)
            let replaced = #expect(throws: FileSystemError.self) { try AtomicFile.write(Data("x".utf8), to: blocked) }
            #expect(replaced?.operation == .replace)
            #expect(replaced?.path == blocked)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["blocked"])
        }
    }
}
