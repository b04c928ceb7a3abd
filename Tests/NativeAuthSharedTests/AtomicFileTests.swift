import Foundation
import NativeAuthShared
import Testing

@Suite("AtomicFile and PrivateDirectory")
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

    @Test func privateDirectoryIsCreated0700WithItsParents() throws {
        try withTemporaryDirectory { root in
            let path = root + "/state/nativeauth"
            try PrivateDirectory.prepare(path)
            #expect(try permissions(path) == 0o700)
            #expect(try permissions(root + "/state") == 0o700)
            try PrivateDirectory.prepare(path)  // already there: fine
        }
    }

    @Test func looseDirectoryOfOursIsTightened() throws {
        try withTemporaryDirectory { root in
            #expect(chmod(root, 0o755) == 0)
            try PrivateDirectory.prepare(root)
            #expect(try permissions(root) == 0o700)
        }
    }

    @Test func aFileIsNotADirectory() throws {
        try withTemporaryDirectory { root in
            let file = root + "/file"
            #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
            let error = #expect(throws: FileSystemError.self) { try PrivateDirectory.prepare(file) }
            #expect(error == FileSystemError(.notADirectory, path: file, code: ENOTDIR))
            #expect(error?.description == "\(file): using it as a folder: \(FileSystemError.describe(errno: ENOTDIR))")
        }
    }
}
