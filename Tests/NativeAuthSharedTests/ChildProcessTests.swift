#if canImport(Glibc)
import Foundation
import Glibc
@testable import NativeAuthShared
import Testing

/// `ChildProcess`: real children through `posix_spawn`, their endings, and what they inherit.
@Suite(.timeLimit(.minutes(10)))
struct ChildProcessTests {
    private func shell(_ script: String, environment: [String: String]? = nil) throws -> ChildProcess {
        try ChildProcess(executable: "/bin/sh", arguments: ["-c", script], environment: environment)
    }

    @Test func anExitStatusAndASignalAreToldApart() async throws {
        #expect(try await shell("exit 7").ending() == .exited(7))
        #expect(try await shell("kill -TERM $$").ending() == .signalled(SIGTERM))
        #expect(try shell("exit 0").waitUntilExit() == .exited(0), "the blocking wait")
    }

    @Test func terminateEndsARunningChildAndIsHarmlessAfterwards() async throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["60"])
        #expect(child.isRunning)
        child.terminate()
        #expect(await child.ending() == .signalled(SIGTERM))
        #expect(!child.isRunning && child.endingIfEnded == .signalled(SIGTERM))
        child.terminate()  // reaped: its PID is not signalled again
        #expect(await child.ending() == .signalled(SIGTERM), "every waiter gets the same ending")
    }

    @Test func theEnvironmentIsTheOneGiven() async throws {
        #expect(try await shell(#"test "$CHILD_TEST" = given && test -z "$HOME""#, environment: ["CHILD_TEST": "given"]).ending() == .exited(0))
    }

    @Test func theParentsOtherDescriptorsAreNotInherited() async throws {
        // Opened without O_CLOEXEC, as Foundation's pipes are: only the close-from action keeps it from the child.
        let descriptor = open("/dev/null", O_RDONLY)
        #expect(descriptor > 2)
        defer { close(descriptor) }
        #expect(try await shell("test ! -e /proc/self/fd/\(descriptor)").ending() == .exited(0))
    }

    @Test func standardStreamsGoWhereTheyAreSent() async throws {
        let pipe = Pipe()
        let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo out; echo err >&2; cat"],
                                     standardInput: .null, standardOutput: .descriptor(pipe.fileHandleForWriting.fileDescriptor),
                                     standardError: .descriptor(pipe.fileHandleForWriting.fileDescriptor))
        try pipe.fileHandleForWriting.close()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        #expect(await child.ending() == .exited(0))
        #expect(String(decoding: output, as: UTF8.self) == "out\nerr\n", "cat read end of file from /dev/null")
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: ChildProcess.SpawnError.self) { try ChildProcess(executable: "/nonexistent/program", arguments: []) }
    }
}
#endif
