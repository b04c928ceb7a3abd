import Foundation
import NativeAuthShared
import Synchronization
import Testing

@Suite("FileLock")
struct FileLockTests {
    /// Leaves lock failures as they are.
    private static func identity(_ failure: FileSystemError) -> any Error { failure }

    @Test func secondExclusiveAcquisitionInTheSameProcessWaitsForTheFirst() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/test.lock"
            let events = Events()
            let firstHolds = DispatchSemaphore(value: 0)
            let firstMayRelease = DispatchSemaphore(value: 0)
            let secondWaits = DispatchSemaphore(value: 0)
            let secondDone = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                try? FileLock.withLock(path: path, mode: .exclusive, mapFailure: Self.identity) {
                    events.append("first holds")
                    firstHolds.signal()
                    firstMayRelease.wait()
                    events.append("first releases")
                }
            }
            firstHolds.waitOutsideAsync()

            // While the first holds it, a single non-blocking attempt fails, every time.
            for _ in 0..<3 {
                let error = await #expect(throws: FileSystemError.self) {
                    try await FileLock.withExclusiveLock(path: path, timeout: .zero, mapFailure: Self.identity) {}
                }
                #expect(error?.operation == .lockTimedOut)
                #expect(error?.code == ETIMEDOUT)
            }

            // A blocking attempt on another thread gets the lock only after the first let go.
            Thread.detachNewThread {
                events.append("second waits")
                secondWaits.signal()
                try? FileLock.withLock(path: path, mode: .exclusive, mapFailure: Self.identity) {
                    events.append("second holds")
                }
                secondDone.signal()
            }
            secondWaits.waitOutsideAsync()
            try await Task.sleep(for: .milliseconds(50))  // room for a broken lock to let the second in early
            #expect(!events.all.contains("second holds"))
            firstMayRelease.signal()
            secondDone.waitOutsideAsync()
            #expect(events.all == ["first holds", "second waits", "first releases", "second holds"])
        }
    }

    @Test func sharedHoldersCoexistButExcludeAnExclusiveOne() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/test.lock"
            let holding = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let events = Events()
            Thread.detachNewThread {
                try? FileLock.withLock(path: path, mode: .shared, mapFailure: Self.identity) {
                    // A second shared acquisition (a new open file description) does not wait for the first.
                    try? FileLock.withLock(path: path, mode: .shared, mapFailure: Self.identity) {
                        events.append("nested shared holds")
                    }
                    holding.signal()
                    release.wait()
                }
            }
            holding.waitOutsideAsync()
            #expect(events.all == ["nested shared holds"])
            await #expect(throws: FileSystemError.self) {
                try await FileLock.withExclusiveLock(path: path, timeout: .zero, mapFailure: Self.identity) {}
            }
            release.signal()
            let value = try await FileLock.withExclusiveLock(
                path: path, timeout: .seconds(10), mapFailure: Self.identity) { "acquired" }
            #expect(value == "acquired")
        }
    }

    @Test func lockFileIsCreated0600AndOpenedCloseOnExec() throws {
        try withTemporaryDirectory { directory in
            let path = directory + "/test.lock"
            try FileLock.withLock(path: path, mode: .exclusive, mapFailure: Self.identity) {
                #if os(Linux)
                let flags = try #require(openFlags(of: path), "no descriptor of \(path) is open")
                #expect(flags & Int(O_CLOEXEC) != 0, "the lock file is inherited by child processes")
                #endif
            }
            #expect(try permissions(path) == 0o600)
        }
    }

    @Test func failuresGoThroughMapFailureAndBodyErrorsPassThrough() throws {
        struct Mapped: Error { let failure: FileSystemError }
        struct BodyError: Error {}
        try withTemporaryDirectory { directory in
            let missing = directory + "/missing/test.lock"
            let error = #expect(throws: Mapped.self) {
                try FileLock.withLock(path: missing, mode: .shared, mapFailure: { Mapped(failure: $0) }) { () throws(Mapped) in }
            }
            #expect(error?.failure == FileSystemError(.openLockFile, path: missing, code: ENOENT))
            #expect(throws: BodyError.self) {
                try FileLock.withLock(path: directory + "/test.lock", mode: .exclusive, mapFailure: { Mapped(failure: $0) }) {
                    throw BodyError()
                }
            }
        }
    }

    @Test("A wait for another holder is noticed once, after noticeDelay, and goes on until the lock is let go; a free lock gives no notice")
    func aLongWaitIsNoticedOnceAndGoesOn() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory + "/test.lock"
            let events = Events()
            try FileLock.withLock(path: path, mode: .shared, whenWaiting: { events.append("notice") }, mapFailure: Self.identity) {}
            try await FileLock.withExclusiveLock(path: path, timeout: .seconds(10), whenWaiting: { events.append("notice") },
                                                 mapFailure: Self.identity) {}
            #expect(events.all.isEmpty, "a lock had at once was noticed")

            // Another open file description holds it, as another process would. The test waits for
            // events without blocking a thread of the pool: the polling waiter needs one.
            let holder = open(path, O_RDWR | O_CLOEXEC)
            #expect(holder >= 0 && flock(holder, LOCK_EX) == 0)
            Thread.detachNewThread {
                try? FileLock.withLock(path: path, mode: .shared, whenWaiting: { events.append("blocking notice") },
                                       mapFailure: Self.identity) {
                    events.append("blocking holds")
                }
            }
            let polling = Task {
                try await FileLock.withExclusiveLock(path: path, timeout: .seconds(60), whenWaiting: { events.append("polling notice") },
                                                     mapFailure: Self.identity) {
                    events.append("polling holds")
                }
            }
            try await events.waitUntil { $0.contains("blocking notice") && $0.contains("polling notice") }
            #expect(!events.all.contains("blocking holds") && !events.all.contains("polling holds"))
            _ = close(holder)
            try await polling.value
            try await events.waitUntil { $0.contains("blocking holds") }
            #expect(events.all.filter { $0.hasSuffix("notice") }.sorted() == ["blocking notice", "polling notice"])
            #expect(events.all.contains("blocking holds") && events.all.contains("polling holds"))
        }
    }

    @Test func unavailableLockFileRunsTheBodyUnlockedWhenAsked() throws {
        try withTemporaryDirectory { directory in
            let missing = directory + "/missing/test.lock"
            let ran = try FileLock.withLock(
                path: missing, mode: .shared, unlockedIfUnavailable: true, mapFailure: Self.identity) { true }
            #expect(ran)
            #expect(!FileManager.default.fileExists(atPath: missing))
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root can write to any folder"))
    func folderYouCannotWriteFallsBack() throws {
        try withTemporaryDirectory { directory in
            let existing = directory + "/existing.lock"
            let absent = directory + "/absent.lock"
            try FileLock.withLock(path: existing, mode: .exclusive, mapFailure: Self.identity) {}
            #expect(chmod(directory, 0o500) == 0)
            defer { _ = chmod(directory, 0o700) }
            // An existing lock file is opened read-only and locked.
            #expect(try FileLock.withLock(path: existing, mode: .shared, mapFailure: Self.identity) { "locked" } == "locked")
            // An absent one cannot be created: an error, or the body unlocked when asked.
            let error = #expect(throws: FileSystemError.self) {
                try FileLock.withLock(path: absent, mode: .shared, mapFailure: Self.identity) {}
            }
            #expect(error?.operation == .openLockFile)
            #expect(error?.code == EACCES)
            #expect(try FileLock.withLock(
                path: absent, mode: .shared, unlockedIfUnavailable: true, mapFailure: Self.identity) { "unlocked" } == "unlocked")
        }
    }
}

/// Events appended from several threads.
private final class Events: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ event: String) { storage.withLock { $0.append(event) } }
    var all: [String] { storage.withLock { $0 } }

    /// Waits, without blocking a thread, until `condition` holds of the events: at most 60 seconds, a
    /// bound so that a bug cannot hang the run, not a timing.
    func waitUntil(_ condition: ([String]) -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !condition(all) {
            guard ContinuousClock.now < deadline else {
                Issue.record("events never met the condition: \(all)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

extension DispatchSemaphore {
    /// `wait()` from an async test: blocks this thread, at most 10 seconds so a bug cannot hang the run.
    func waitOutsideAsync() {
        #expect(wait(timeout: .now() + 10) == .success)
    }
}

#if os(Linux)
/// The `open` flags of this process's descriptor of `path`, from `/proc/self/fdinfo`.
private func openFlags(of path: String) -> Int? {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return nil }
    for descriptor in descriptors {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor),
              target == path || target == resolved,
              let info = try? String(contentsOfFile: "/proc/self/fdinfo/" + descriptor, encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags:") })
        else { continue }
        return Int(line.dropFirst("flags:".count).trimmingCharacters(in: .whitespaces), radix: 8)
    }
    return nil
}
#endif
