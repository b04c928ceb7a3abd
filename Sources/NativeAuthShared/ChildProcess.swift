#if canImport(Glibc)
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A child process started with `posix_spawn`, for the places that would use Foundation's `Process`.
///
/// On Linux, `Process.run()` of the Foundation that ships with Swift 6.3 crashes now and then (a
/// 256-byte over-read of `/proc/self/fd` entries while it looks for descriptors to close; fixed
/// upstream in swift-corelibs-foundation PR 5472, not yet released). This type closes the parent's
/// descriptors in the child with `posix_spawn_file_actions_addclosefrom_np` instead, resets every
/// signal to its default and unblocks them all (as an `exec` from a fresh shell would), and reaps
/// the child on a thread of its own, so no zombie is left whether or not anyone waits.
///
/// ```swift
/// let child = try ChildProcess(executable: "/usr/bin/env", arguments: ["true"])
/// let ending = await child.ending()   // .exited(0)
/// ```
public final class ChildProcess: Sendable {
    /// How a child ended.
    public enum Ending: Sendable, Equatable {
        /// It called `exit` with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// The exit status, or the signal number for a child a signal ended (as `Process.terminationStatus`).
        public var status: Int32 {
            switch self {
            case .exited(let status), .signalled(let status): status
            }
        }
    }

    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// The parent's own.
        case inherit
        /// `/dev/null`.
        case null
        /// This descriptor of the parent (which stays the parent's to close).
        case descriptor(Int32)
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible, Sendable {
        public let description: String
    }

    /// The child's process ID.
    public let processIdentifier: Int32

    private struct State {
        var ending: Ending?
        var waiters: [CheckedContinuation<Ending, Never>] = []
    }

    private let state = Mutex(State())
    private let reaped = DispatchSemaphore(value: 0)

    /// Starts `executable` (an absolute path) with `arguments`; `environment` nil inherits the parent's.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil,
                workingDirectory: String? = nil,
                standardInput: Stream = .inherit, standardOutput: Stream = .inherit, standardError: Stream = .inherit) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in [(Int32(0), standardInput), (1, standardOutput), (2, standardError)] {
            switch stream {
            case .inherit: break
            case .null: posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            }
        }
        guard let closeFrom = SpawnExtensions.closeFrom else {
            throw SpawnError(description: "posix_spawn_file_actions_addclosefrom_np is not available (glibc 2.34 or later is needed)")
        }
        guard closeFrom(&actions, 3) == 0 else { throw SpawnError(description: "cannot ask the child to close the parent's descriptors") }
        if let workingDirectory {
            guard let changeDirectory = SpawnExtensions.changeDirectory,
                  changeDirectory(&actions, workingDirectory) == 0
            else { throw SpawnError(description: "cannot start a child in \(workingDirectory)") }
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let environmentStrings = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        processIdentifier = pid
        DetachedThread.start { [self] in reap() }
    }

    /// Whether the child has not been reaped yet.
    public var isRunning: Bool { state.withLock { $0.ending == nil } }

    /// How the child ended, once it has (nil while it runs).
    public var endingIfEnded: Ending? { state.withLock { $0.ending } }

    /// Sends `signal` to the child (nothing once it was reaped, so a reused PID is never signalled).
    public func send(_ signal: Int32) {
        state.withLock { state in
            if state.ending == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Sends SIGTERM.
    public func terminate() { send(SIGTERM) }

    /// Waits, without blocking a thread, until the child has ended.
    public func ending() async -> Ending {
        await withCheckedContinuation { continuation in
            let ended = state.withLock { state -> Ending? in
                if let ending = state.ending { return ending }
                state.waiters.append(continuation)
                return nil
            }
            if let ended { continuation.resume(returning: ended) }
        }
    }

    /// Blocks the calling thread until the child has ended.
    @discardableResult
    public func waitUntilExit() -> Ending {
        reaped.wait()
        reaped.signal()
        return state.withLock { $0.ending! }
    }

    private func reap() {
        var status: Int32 = 0
        while waitpid(processIdentifier, &status, 0) < 0 && errno == EINTR {}
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
        let signal = status & 0x7f
        let ending: Ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        let waiters = state.withLock { state -> [CheckedContinuation<Ending, Never>] in
            state.ending = ending
            defer { state.waiters = [] }
            return state.waiters
        }
        reaped.signal()
        for waiter in waiters { waiter.resume(returning: ending) }
    }
}

/// glibc's `posix_spawn` extensions, which the Swift Glibc module does not import (they need
/// `_GNU_SOURCE`): looked up once by name.
private enum SpawnExtensions {
    typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    static let closeFrom: CloseFrom? = symbol("posix_spawn_file_actions_addclosefrom_np")
    static let changeDirectory: ChangeDirectory? = symbol("posix_spawn_file_actions_addchdir_np")

    private static func symbol<Function>(_ name: String) -> Function? {
        // RTLD_DEFAULT is a null handle on glibc and not imported as a constant.
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: Function.self)
    }
}
#endif
