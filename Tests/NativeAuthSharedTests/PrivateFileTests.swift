import Foundation
import NativeAuthShared
import Testing

@Suite("PrivateFile")
struct PrivateFileTests {
    @Test func aLimitReadsTheFileOrItsFirstBytesAndOneMore() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/big"
            // Larger than the 64 KiB buffer, so a read past the limit would show.
            let bytes = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 % 251) })
            try AtomicFile.write(bytes, to: path)
            #expect(try PrivateFile.read(path) == bytes)
            #expect(try PrivateFile.read(path, limit: 100_000) == bytes.prefix(100_001), "one byte over: too large")
            #expect(try PrivateFile.read(path, limit: 10) == bytes.prefix(11))
            #expect(try PrivateFile.read(path, limit: 200_000) == bytes, "a file at its limit is whole")
            #expect(try PrivateFile.read(path, limit: 0) == bytes.prefix(1))
            #expect(try PrivateFile.read(directory + "/missing", limit: 10) == nil)
        }
    }

    /// A FIFO planted in a file's place (no writer will ever come) is refused at once, by path and in
    /// a folder: the read never waits for a writer.
    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutWaiting() throws {
        try withTemporaryDirectory { directory in
            #expect(mkfifo(directory + "/tokens.json", 0o600) == 0)
            let byPath = #expect(throws: FileSystemError.self) { try PrivateFile.read(directory + "/tokens.json") }
            #expect(byPath == FileSystemError(.notARegularFile, path: directory + "/tokens.json", code: EINVAL))
            let folder = try #require(try PrivateDirectory.open(directory, create: false))
            let inFolder = #expect(throws: FileSystemError.self) { try PrivateFile.read("tokens.json", in: folder) }
            #expect(inFolder == FileSystemError(.notARegularFile, path: directory + "/tokens.json", code: EINVAL))
        }
    }

    /// A file in a private folder holds at most `maximumSize` bytes: one over (a sparse file, so the
    /// test writes nothing) is refused by its name, one at the bound is read whole.
    @Test func aFileInAFolderOverTheBoundIsRefused() throws {
        try withTemporaryDirectory { directory in
            let folder = try #require(try PrivateDirectory.open(directory, create: false))
            for (name, size) in [("over", PrivateFile.maximumSize + 1), ("huge", 512 * 1024 * 1024), ("at", PrivateFile.maximumSize)] {
                let descriptor = open(directory + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o600)
                #expect(descriptor >= 0 && ftruncate(descriptor, off_t(size)) == 0)
                _ = close(descriptor)
            }
            for name in ["over", "huge"] {
                let error = #expect(throws: FileSystemError.self) { try PrivateFile.read(name, in: folder) }
                #expect(error == FileSystemError(.tooLarge, path: directory + "/" + name, code: EFBIG))
                #expect(error?.description.contains("larger than 16 MiB") == true, "\(String(describing: error))")
            }
            #expect(try PrivateFile.read("at", in: folder)?.count == PrivateFile.maximumSize)
            #expect(PrivateFile.maximumSize == 16 * 1024 * 1024, "the bound docs/SECURITY.md states")
        }
    }
}
