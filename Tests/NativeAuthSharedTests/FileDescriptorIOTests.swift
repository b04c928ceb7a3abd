import Foundation
import NativeAuthShared
import Testing

@Suite("FileDescriptorIO")
struct FileDescriptorIOTests {
    /// A pipe's read and write ends.
    private func makePipe() throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        return (ends[0], ends[1])
    }

    @Test func writesEverythingAndReadsToTheEnd() throws {
        let ends = try makePipe()
        let data = Data((0..<40_000).map { UInt8($0 % 251) })
        #expect(FileDescriptorIO.write(data, to: ends.write))
        close(ends.write)
        defer { close(ends.read) }
        #expect(try FileDescriptorIO.read(upToCount: 1 << 20, from: ends.read, path: "pipe") == data)
    }

    @Test func aCloseOnExecPipeCarriesDataAndStaysOutOfChildren() throws {
        let ends = try #require(FileDescriptorIO.closeOnExecPipe())
        defer { close(ends.read) }
        #expect(fcntl(ends.read, F_GETFD) & FD_CLOEXEC != 0)
        #expect(fcntl(ends.write, F_GETFD) & FD_CLOEXEC != 0)
        #expect(FileDescriptorIO.write(Data("through".utf8), to: ends.write))
        close(ends.write)
        #expect(try FileDescriptorIO.read(upToCount: 100, from: ends.read, path: "pipe") == Data("through".utf8))
    }

    @Test func readsAtMostTheCount() throws {
        let ends = try makePipe()
        #expect(FileDescriptorIO.write(Data("0123456789".utf8), to: ends.write))
        close(ends.write)
        defer { close(ends.read) }
        #expect(try FileDescriptorIO.read(upToCount: 4, from: ends.read, path: "pipe") == Data("0123".utf8))
        #expect(try FileDescriptorIO.read(upToCount: 100, from: ends.read, path: "pipe") == Data("456789".utf8))
    }

    @Test func failuresAreReported() {
        // -1 is never an open descriptor (a closed one could be reused by a test running alongside).
        #expect(!FileDescriptorIO.write(Data("x".utf8), to: -1))
        #expect(throws: FileSystemError(.read, path: "nothing", code: EBADF)) {
            try FileDescriptorIO.read(upToCount: 1, from: -1, path: "nothing")
        }
    }
}
