import Foundation
@testable import NativeAuthEmulator
import NativeAuthShared
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// An emulator's start makes its state (an RSA key, the demo users' hashes, the folder's lock and
/// database) on a thread of its own, never on the cooperative pool, whose few threads (as many as
/// the machine has cores) the process's other tasks need meanwhile: other emulators' answers, the
/// app's own work.
@Suite(.timeLimit(.minutes(10)))
struct StartOffThePoolTests {
    /// As many starts as the pool has threads, each held in its state folder's lock, which the test
    /// holds: a task started meanwhile still runs. (Were the starts on the pool, they would hold every
    /// thread of it, and the task would run only once they are let go.) The waits are on a thread of
    /// their own and bounded, so that the test ends either way.
    @Test func startsHeldInTheirStateLeaveThePoolFree() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("start-off-pool-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let count = ProcessInfo.processInfo.activeProcessorCount
        var locks: [Int32] = []
        for index in 0..<count {
            let folder = root.appendingPathComponent("state-\(index)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let lock = open(folder.appendingPathComponent(StateFolder.lockName).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            try #require(lock >= 0 && flock(lock, LOCK_EX) == 0)
            locks.append(lock)
        }
        let starts = (0..<count).map { index in
            Task { try await EmulatorClient.startEmulator { $0.stateDirectory = root.appendingPathComponent("state-\(index)") } }
        }

        let heldLocks = locks
        let folder = root.resolvingSymlinksInPath().path + "/"
        let (allWaiting, probeRan) = try await DetachedThread.run {
            var bound = ContinuousClock.now + .seconds(120)
            while Self.threadsWaitingForALock(under: folder) < count && ContinuousClock.now < bound { usleep(10_000) }
            let allWaiting = Self.threadsWaitingForALock(under: folder) == count
            let ran = Mutex(false)
            Task.detached { ran.withLock { $0 = true } }
            bound = ContinuousClock.now + .seconds(120)
            while !ran.withLock({ $0 }) && ContinuousClock.now < bound { usleep(10_000) }
            for lock in heldLocks {
                flock(lock, LOCK_UN)
                close(lock)
            }
            return (allWaiting, ran.withLock { $0 })
        }
        #expect(allWaiting, "each start came to wait for its state folder's lock")
        #expect(probeRan, "a task started while every start waited for its state folder's lock ran only once they were let go")
        for start in starts { try await start.value.stop() }
    }

    /// How many threads of this process wait in `flock(2)` (its system call number on x86-64 and
    /// arm64 Linux: 73 and 32) on a file below `folder`: read from `/proc/self/task/*/syscall`, whose
    /// second field is the call's first argument, the descriptor, named in `/proc/self/fd`. (Other
    /// tests' threads may wait for other locks meanwhile.)
    private static func threadsWaitingForALock(under folder: String) -> Int {
        #if arch(x86_64)
        let flockCall = "73"
        #else
        let flockCall = "32"
        #endif
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.count { task in
            let fields = ((try? String(contentsOfFile: "/proc/self/task/\(task)/syscall", encoding: .utf8)) ?? "").split(separator: " ")
            guard fields.count > 1, fields[0] == Substring(flockCall),
                  let descriptor = Int(fields[1].dropFirst(2), radix: 16) else { return false }
            let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) ?? ""
            return path.hasPrefix(folder)
        }
    }
}
