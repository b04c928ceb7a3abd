import Foundation
import NativeAuthShared
import Synchronization
import Testing

@testable import NativeAuth

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("FileTokenStore")
struct FileTokenStoreTests {
    // MARK: - Contents

    @Test func roundTripThroughTheFileAndAFreshInstance() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let returned = try store.modify { contents -> String in
                contents.upsert(account(1))
                contents.upsert(account(2))
                return "done"
            }
            #expect(returned == "done")
            let expected = TokenStoreContents(accounts: [account(1), account(2)])
            #expect(try store.read() == expected)
            #expect(try FileTokenStore(directory: directory).read() == expected)
        }
    }

    @Test func missingFileReadsAsEmptyAndIsNotCreatedByReading() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            #expect(try store.read() == TokenStoreContents())
            #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        }
    }

    @Test func anInstanceThatReadTheFileSeesAnotherInstancesChanges() throws {
        try withTemporaryDirectory { directory in
            let first = try FileTokenStore(directory: directory)
            let second = try FileTokenStore(directory: directory)
            try first.modify { $0.upsert(account(1)) }
            #expect(try first.read() == TokenStoreContents(accounts: [account(1)]))
            try second.modify { $0.upsert(account(2)) }
            #expect(try first.read() == TokenStoreContents(accounts: [account(1), account(2)]))
            try first.modify { $0.upsert(account(3)) }
            #expect(try second.read() == TokenStoreContents(accounts: [account(1), account(2), account(3)]))
            // A file replaced behind an instance's back by one that does not decode is reported.
            try Data("{\"version\": 1, \"accounts\": 7}\n".utf8).write(to: first.fileURL)
            #expect(throws: TokenStoreError.self) { try first.read() }
        }
    }

    @Test func fileIsPrettyPrintedWithSortedKeysAndISO8601Dates() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            try store.modify { $0.upsert(account(1)) }
            let text = try String(contentsOf: store.fileURL, encoding: .utf8)
            #expect(text.contains("\"signedInAt\" : \"2023-11-14T22:13:20Z\""))
            #expect(text.contains("\"authority\" : \"https://contoso.ciamlogin.com/contoso.onmicrosoft.com\""))
            let accessTokens = try #require(text.range(of: "\"accessTokens\""))
            let authority = try #require(text.range(of: "\"authority\""))
            let clientId = try #require(text.range(of: "\"clientId\""))
            #expect(accessTokens.lowerBound < authority.lowerBound && authority.lowerBound < clientId.lowerBound)
            #expect(text.hasPrefix("{\n"))
        }
    }

    // MARK: - Permissions

    @Test func fileIs0600AndDirectoryIs0700() throws {
        try withTemporaryDirectory { root in
            let directory = root.appendingPathComponent("state/nativeauth", isDirectory: true)
            let store = try FileTokenStore(directory: directory)
            #expect(try store.read() == TokenStoreContents())
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("state").path), "opening and reading make nothing")
            try store.modify { $0.upsert(account(1)) }
            #expect(try permissions(directory.path) == 0o700)
            #expect(try permissions(root.appendingPathComponent("state").path) == 0o700)
            #expect(try permissions(store.fileURL.path) == 0o600)
            #expect(try permissions(store.fileURL.path + ".lock") == 0o600)
            let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        }
    }

    @Test func aLooseFolderItMadeIsTightenedAndOneThatExistedIsLeftAsItIs() throws {
        try withTemporaryDirectory { root in
            let made = root.appendingPathComponent("made", isDirectory: true)
            try FileTokenStore(directory: made).checkAccess()
            #expect(chmod(made.path, 0o755) == 0)
            _ = try FileTokenStore(directory: made)
            #expect(try permissions(made.path) == 0o700)

            #expect(chmod(root.path, 0o755) == 0)
            let store = try FileTokenStore(directory: root)
            try store.modify { $0.upsert(account(1)) }
            #expect(try permissions(root.path) == 0o755, "a folder it did not make keeps its mode")
            #expect(try permissions(store.fileURL.path) == 0o600)
        }
    }

    @Test func rewriteReplacesALooseFileWithA0600One() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            try store.modify { $0.upsert(account(1)) }
            #expect(chmod(store.fileURL.path, 0o644) == 0)
            try store.modify { $0.upsert(account(2)) }
            #expect(try permissions(store.fileURL.path) == 0o600)
        }
    }

    @Test func writingLeavesNoTemporaryFilesBehind() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            for index in 0..<10 { try store.modify { $0.upsert(account(index)) } }
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
            #expect(names == ["tokens.json", "tokens.json.lock"])
        }
    }

    // MARK: - Errors

    @Test(arguments: [
        "not json at all",
        "",
        #"{"version": 1}"#,
        #"{"version": 1, "accounts": [{"clientId": "c"}]}"#,
        #"{"accounts": []}"#,
    ])
    func corruptFileIsReportedAndNeverOverwritten(bytes: String) throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            try Data(bytes.utf8).write(to: store.fileURL)

            let readError = #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(readError?.reason == .corrupt)
            #expect(readError?.path == store.fileURL.path)
            #expect(readError?.message.contains(store.fileURL.path) == true)
            #expect(readError?.message.contains("delete it") == true)

            var bodyRan = false
            let modifyError = #expect(throws: TokenStoreError.self) {
                try store.modify { contents in
                    bodyRan = true
                    contents = TokenStoreContents(accounts: [account(1)])
                }
            }
            #expect(modifyError?.reason == .corrupt)
            #expect(!bodyRan)
            #expect(try Data(contentsOf: store.fileURL) == Data(bytes.utf8))
        }
    }

    @Test func newerFormatVersionIsUnsupportedAndLeftAlone() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let bytes = Data(#"{"version": 2, "accounts": "a different shape"}"#.utf8)
            try bytes.write(to: store.fileURL)
            let readError = #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(readError?.reason == .unsupportedVersion)
            let modifyError = #expect(throws: TokenStoreError.self) { try store.modify { $0.upsert(account(1)) } }
            #expect(modifyError?.reason == .unsupportedVersion)
            #expect(try Data(contentsOf: store.fileURL) == bytes)
        }
    }

    @Test func unreadableFileIsReportedAsUnreadable() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            // A folder where the file should be cannot be read, even by root.
            try FileManager.default.createDirectory(at: store.fileURL, withIntermediateDirectories: false)
            let error = #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(error?.reason == .unreadable)
            #expect(error?.path == store.fileURL.path)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root can read any file"))
    func fileWithoutReadPermissionIsReportedAsUnreadable() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            try store.modify { $0.upsert(account(1)) }
            #expect(chmod(store.fileURL.path, 0o000) == 0)
            let error = #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(error?.reason == .unreadable)
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root can write to any folder"))
    func readOnlyFolderCanBeReadButNotModified() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            try store.modify { $0.upsert(account(1)) }
            try FileManager.default.removeItem(atPath: store.fileURL.path + ".lock")
            #expect(chmod(directory.path, 0o500) == 0)
            defer { _ = chmod(directory.path, 0o700) }
            #expect(try store.read().storedAccounts == [account(1)])
            let error = #expect(throws: TokenStoreError.self) { try store.modify { $0.upsert(account(2)) } }
            #expect(error?.reason == .unwritable)
        }
    }

    @Test func directoryPathThatIsAFileCannotBeUsed() throws {
        try withTemporaryDirectory { root in
            let file = root.appendingPathComponent("not-a-folder")
            try Data("x".utf8).write(to: file)
            let error = #expect(throws: TokenStoreError.self) { try FileTokenStore(directory: file) }
            #expect(error?.reason == .unwritable)
        }
    }

    /// Root with another user's `HOME` and no store folder there: reading finds nobody and makes
    /// nothing; a change is refused, naming that user's folder, and makes nothing either.
    @Test(.enabled(if: geteuid() == 0, "only root can give a folder to another user"))
    func aMissingFolderInAnotherUsersFolderIsReadAsEmptyAndNeverMade() throws {
        try withTemporaryDirectory { root in
            let home = root.appendingPathComponent("home", isDirectory: true)
            try FileManager.default.createDirectory(at: home, withIntermediateDirectories: false)
            #expect(chown(home.path, 65534, 65534) == 0)
            let store = try FileTokenStore(directory: home.appendingPathComponent(".local/state/nativeauth", isDirectory: true))
            #expect(try store.read() == TokenStoreContents())
            let error = #expect(throws: TokenStoreError.self) { try store.modify { $0.upsert(account(1)) } }
            #expect(error?.reason == .unwritable)
            #expect(error?.message.contains("\(home.path), which belongs to another user") == true, "\(String(describing: error))")
            #expect(throws: TokenStoreError.self) { try store.checkAccess() }
            #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty, "nothing was made in it")
        }
    }

    /// The outside review's `tokens.json` as a FIFO (which hung `status` forever): an error naming
    /// the file, at once, and it is left alone.
    @Test(.timeLimit(.minutes(1))) func aStoreFileThatIsAFIFOIsAnErrorNamingIt() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            #expect(mkfifo(store.fileURL.path, 0o600) == 0)
            let fifo = #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(fifo?.message.contains("\(store.fileURL.path) is not a regular file") == true, "\(String(describing: fifo))")
            #expect(throws: TokenStoreError.self) { try store.modify { $0.upsert(account(1)) } }
            var info = stat()
            #expect(lstat(store.fileURL.path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "left as it is")
        }
    }

    /// The outside review's 512 MiB sparse `tokens.json` (which took 544 MB): an error naming the
    /// file and the bound, and it is left alone.
    @Test func aStoreFileOverTheBoundIsAnErrorNamingIt() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let descriptor = open(store.fileURL.path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
            #expect(descriptor >= 0 && ftruncate(descriptor, off_t(512 * 1024 * 1024)) == 0)
            _ = close(descriptor)
            let large = #expect(throws: TokenStoreError.self) { try store.read() }
            #expect(large?.reason == .unreadable)
            #expect(large?.message.contains("\(store.fileURL.path) is larger than 16 MiB") == true, "\(String(describing: large))")
            #expect(throws: TokenStoreError.self) { try store.modify { $0.upsert(account(1)) } }
            let size = (try FileManager.default.attributesOfItem(atPath: store.fileURL.path)[.size] as? NSNumber)?.intValue
            #expect(size == 512 * 1024 * 1024, "left as it is")
        }
    }

    // MARK: - modify writes only successful changes

    @Test func modifyWhoseBodyThrowsWritesNothing() throws {
        struct Failure: Error {}
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            #expect(throws: Failure.self) {
                try store.modify { contents in
                    contents.upsert(account(1))
                    throw Failure()
                }
            }
            #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))

            try store.modify { $0.upsert(account(1)) }
            let bytes = try Data(contentsOf: store.fileURL)
            let inodeBefore = try inode(store.fileURL.path)
            #expect(throws: Failure.self) {
                try store.modify { contents in
                    contents.storedAccounts.removeAll()
                    throw Failure()
                }
            }
            #expect(try Data(contentsOf: store.fileURL) == bytes)
            #expect(try inode(store.fileURL.path) == inodeBefore)
            #expect(try store.read().storedAccounts == [account(1)])
        }
    }

    @Test func modifyWithoutChangesDoesNotRewriteTheFile() throws {
        try withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let missing = try store.modify { $0.account(clientId: "client-1", authority: authority) }
            #expect(missing == nil)
            #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))

            try store.modify { $0.upsert(account(1)) }
            let inodeBefore = try inode(store.fileURL.path)
            try store.modify { $0.upsert(account(1)) }
            #expect(try inode(store.fileURL.path) == inodeBefore)
            try store.modify { $0.upsert(account(2)) }
            #expect(try inode(store.fileURL.path) != inodeBefore)
        }
    }

    // MARK: - Concurrency

    @Test func concurrentModifiesFromTwoInstancesLoseNoUpdate() async throws {
        try await withTemporaryDirectory { directory in
            // Two instances open the lock file separately, which flock treats like two processes.
            let stores = [try FileTokenStore(directory: directory), try FileTokenStore(directory: directory)]
            let count = 100
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<count {
                    let store = stores[index % 2]
                    group.addTask {
                        try store.modify { $0.upsert(account(index)) }
                        // Readers run alongside writers and always see a whole, valid file.
                        _ = try store.read()
                    }
                }
                try await group.waitForAll()
            }
            let stored = try stores[0].read().storedAccounts.map(\.clientId)
            let lost = Set((0..<count).map { "client-\($0)" }).subtracting(stored)
            #expect(lost.isEmpty, "lost \(lost.count) of \(count) updates")
            #expect(stored.count == count)
        }
    }

    @Test func refreshLockHoldersNeverOverlapAndMayModify() async throws {
        try await withTemporaryDirectory { directory in
            // Twenty holders one after another: on a loaded machine the last may wait longer than the
            // default 60 seconds, so the wait's limit here is a bound against a bug, not a timing.
            let stores = try (0..<2).map { _ in
                try FileTokenStore(directory: directory, fileName: "tokens.json", refreshLockTimeout: .seconds(900))
            }
            let log = EventLog()
            let holders = 20
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<holders {
                    let store = stores[index % 2]
                    group.addTask {
                        try await store.withRefreshLock {
                            log.append("enter")
                            // A read, an await, then a write: overlapping holders would write the same account.
                            let seen = try store.read().storedAccounts.count
                            try await Task.sleep(for: .milliseconds(2))
                            try store.modify { $0.upsert(account(seen)) }
                            log.append("exit")
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(log.events == Array(repeating: ["enter", "exit"], count: holders).flatMap { $0 })
            #expect(try stores[0].read().storedAccounts.count == holders)
        }
    }

    @Test func refreshLockGivesUpAfterItsTimeout() async throws {
        try await withTemporaryDirectory { directory in
            let holder = try FileTokenStore(directory: directory)
            let waiter = try FileTokenStore(
                directory: directory, fileName: "tokens.json", refreshLockTimeout: .milliseconds(100))
            let log = EventLog()
            let holding = Task {
                try await holder.withRefreshLock {
                    log.append("holding")
                    try await Task.sleep(for: .seconds(30))
                }
            }
            defer { holding.cancel() }
            try await waitUntil { !log.events.isEmpty }

            let error = await #expect(throws: TokenStoreError.self) { try await waiter.withRefreshLock {} }
            #expect(error?.reason == .lockFailed)

            // Cancelling the holder releases the lock for the next one.
            holding.cancel()
            _ = await holding.result
            #expect(try await waiter.withRefreshLock { "acquired" } == "acquired")
        }
    }

    @Test func waitingForTheRefreshLockEndsWhenTheTaskIsCancelled() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let log = EventLog()
            let holding = Task {
                try await store.withRefreshLock {
                    log.append("holding")
                    try await Task.sleep(for: .seconds(30))
                }
            }
            defer { holding.cancel() }
            try await waitUntil { !log.events.isEmpty }
            let waiting = Task { try await store.withRefreshLock { "acquired" } }
            try await Task.sleep(for: .milliseconds(20))
            waiting.cancel()
            await #expect(throws: CancellationError.self) { try await waiting.value }
        }
    }

    // MARK: - Another process (util-linux flock(1) holding the lock files)

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func modifyWaitsForAnotherProcessHoldingTheStoreLock() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let child = try await ChildLockHolder(lockPath: store.fileURL.path + ".lock", markers: directory)
            // Let the child go a little later, from a thread outside the (possibly blocked) task pool.
            child.release(after: .milliseconds(300))
            try store.modify { $0.upsert(account(1)) }
            #expect(child.hasFinished, "modify ran while another process held the lock")
            try child.waitForExit()
            #expect(try store.read().storedAccounts == [account(1)])
        }
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/flock")))
    func refreshLockWaitsForAnotherProcessButModifyDoesNot() async throws {
        try await withTemporaryDirectory { directory in
            let store = try FileTokenStore(directory: directory)
            let child = try await ChildLockHolder(
                lockPath: directory.appendingPathComponent("refresh.lock").path, markers: directory)
            // The child holds the refresh lock until released (or for 60 s at most, so a bug cannot hang the test).
            try store.modify { $0.upsert(account(1)) }
            #expect(try store.read().storedAccounts == [account(1)])
            #expect(!child.hasFinished, "modify waited for the refresh lock")
            child.release(after: .milliseconds(100))
            let finishedPath = child.finishedPath
            let finishedFirst = try await store.withRefreshLock {
                FileManager.default.fileExists(atPath: finishedPath)
            }
            #expect(finishedFirst, "the refresh lock was taken while another process held it")
            try child.waitForExit()
        }
    }

    // MARK: - Default folder

    @Test func defaultDirectoryFollowsXDGStateHome() {
        #expect(
            FileTokenStore.defaultDirectory(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/a"], homeDirectory: "/h")
                .path == "/x/state/nativeauth")
        #expect(
            FileTokenStore.defaultDirectory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/a"], homeDirectory: "/h")
                .path == "/home/a/.local/state/nativeauth")
        #expect(
            FileTokenStore.defaultDirectory(environment: [:], homeDirectory: "/h").path == "/h/.local/state/nativeauth")
        #expect(FileTokenStore.defaultDirectory().lastPathComponent == "nativeauth")
    }
}

// MARK: - Helpers

private let authority = StoredAccountFixture.authority

private func account(_ index: Int) -> StoredAccount { StoredAccountFixture.account(index) }

private final class EventLog: Sendable {
    private let storage = Mutex<[String]>([])
    func append(_ event: String) { storage.withLock { $0.append(event) } }
    var events: [String] { storage.withLock { $0 } }
}

private func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
}

private func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

private struct StatFailed: Error { let path: String; let code: Int32 }

private func fileStatus(_ path: String) throws -> stat {
    var info = stat()
    guard stat(path, &info) == 0 else { throw StatFailed(path: path, code: errno) }
    return info
}

private func permissions(_ path: String) throws -> mode_t { try fileStatus(path).st_mode & 0o777 }

private func inode(_ path: String) throws -> ino_t { try fileStatus(path).st_ino }

private struct TimedOut: Error {}

private func waitUntil(_ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now.advanced(by: .seconds(60))
    while !condition() {
        guard ContinuousClock.now < deadline else { throw TimedOut() }
        try await Task.sleep(for: .milliseconds(5))
    }
}

/// Another process holding a lock file through flock(1): it marks when it holds the lock, holds it until
/// released (at least 60 s otherwise: a bound for a bug, which a loaded machine must not reach before
/// the test releases it), and marks when it is about to let go.
private struct ChildLockHolder {
    let process: ChildProcess
    let finishedPath: String
    let releasePath: String

    init(lockPath: String, markers: URL) async throws {
        let startedPath = markers.appendingPathComponent("child-started").path
        finishedPath = markers.appendingPathComponent("child-finished").path
        releasePath = markers.appendingPathComponent("child-release").path
        let script = #"""
            touch "$0"
            i=0
            while [ ! -e "$2" ] && [ $i -lt 6000 ]; do sleep 0.01; i=$((i+1)); done
            touch "$1"
            """#
        process = try ChildProcess(executable: "/usr/bin/flock",
                                   arguments: ["--exclusive", lockPath, "/bin/sh", "-c", script, startedPath, finishedPath, releasePath])
        try await waitUntil { FileManager.default.fileExists(atPath: startedPath) }
    }

    var hasFinished: Bool { FileManager.default.fileExists(atPath: finishedPath) }

    /// Lets the child finish after `delay`, from a Dispatch thread rather than a Swift concurrency task.
    func release(after delay: DispatchTimeInterval) {
        let releasePath = releasePath
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) {
            _ = FileManager.default.createFile(atPath: releasePath, contents: nil)
        }
    }

    func waitForExit() throws {
        #expect(process.waitUntilExit() == .exited(0))
    }
}
