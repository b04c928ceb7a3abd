#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps the secrets a process holds (passwords, codes, tokens) out of core files, as ssh-agent and
/// gpg-agent do: called once at the start of `nativeauth`.
///
/// - `RLIMIT_CORE` is set to 0 (soft and hard), so a crash writes no core file; the children the
///   process starts inherit the limit.
/// - On Linux, the process is also marked not dumpable (`prctl(PR_SET_DUMPABLE, 0)`): no core file
///   even where `core_pattern` pipes cores to a collector, and other processes of the same user
///   (without `CAP_SYS_PTRACE`) can neither attach to it nor read its memory or `/proc/PID/environ`;
///   its `/proc/PID` files belong to root. The flag is reset by an `exec`, so a child the process
///   starts is dumpable again. One cost: the Swift runtime's crash backtracer, which reads the
///   crashed process's memory, cannot do so without that capability.
package enum ProcessHardening {
    /// What ``forbidCoreDumps()`` managed to set.
    package struct Outcome: Sendable, Equatable {
        /// `RLIMIT_CORE` is 0.
        package var coreLimitZero: Bool
        /// The process is not dumpable (always false off Linux, where there is no such flag).
        package var notDumpable: Bool
    }

    /// Sets the core file limit to 0 and, on Linux, marks the process not dumpable. Failures are
    /// reported, not thrown: the command works without the hardening.
    @discardableResult
    package static func forbidCoreDumps() -> Outcome {
        var limit = rlimit()
        limit.rlim_cur = 0
        limit.rlim_max = 0
        let limited = setrlimit(coreResource, &limit) == 0
        #if os(Linux)
        let undumpable = prctl(setDumpable, 0) == 0 && prctl(getDumpable, 0) == 0
        #else
        let undumpable = false
        #endif
        return Outcome(coreLimitZero: limited, notDumpable: undumpable)
    }

    #if canImport(Glibc)
    private static let coreResource = Int32(RLIMIT_CORE.rawValue)
    #else
    private static let coreResource = RLIMIT_CORE
    #endif

    #if os(Linux)
    /// `PR_GET_DUMPABLE` and `PR_SET_DUMPABLE` of `<linux/prctl.h>` (part of the kernel's ABI).
    private static let getDumpable: Int32 = 3
    private static let setDumpable: Int32 = 4

    /// `prctl(2)`. Swift cannot call C's variadic `prctl(int, ...)` directly (and the Glibc module
    /// does not include `<sys/prctl.h>`), so it is looked up by name and called with the fixed
    /// arguments glibc reads (four `unsigned long` after the option); integer arguments are passed
    /// the same way to a variadic and a fixed function on the ABIs Linux runs Swift on (x86-64, arm64).
    /// Returns -1 when the function cannot be found.
    private static func prctl(_ option: Int32, _ argument: UInt) -> Int32 {
        typealias Function = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(nil, "prctl") else { return -1 }  // nil: RTLD_DEFAULT
        return unsafeBitCast(symbol, to: Function.self)(option, argument, 0, 0, 0)
    }
    #endif
}
