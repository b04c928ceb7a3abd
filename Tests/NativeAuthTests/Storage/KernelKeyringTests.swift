#if os(Linux)
import Foundation
import Testing

@testable import NativeAuth

/// Where ``KernelKeyring`` keeps its values: the login session's keyring, so another login of the same
/// user cannot find a copy (issue 35, item 6). "Another login" is a process in a new session keyring
/// with the user keyring linked into it, as pam_keyinit makes one at every login.
@Suite(.enabled(if: KernelKeyringProbe.enabled, "the kernel refuses keys here (keyctl)"))
struct KernelKeyringTests {
    /// Whether a child process finds the user key `name` by searching its session keyring; with
    /// `newLogin`, the child first joins a new session keyring linked to the user keyring.
    static func childFinds(_ name: String, newLogin: Bool) throws -> Bool {
        let script = """
            import ctypes, os, sys
            libc = ctypes.CDLL(None, use_errno=True)
            keyctl = {"x86_64": 250, "aarch64": 219}[os.uname().machine]
            if sys.argv[2] == "new":
                assert libc.syscall(keyctl, 1, None) >= 0                                   # KEYCTL_JOIN_SESSION_KEYRING
                assert libc.syscall(keyctl, 8, ctypes.c_long(-4), ctypes.c_long(-3)) >= 0   # KEYCTL_LINK @u into @s
            found = libc.syscall(keyctl, 10, ctypes.c_long(-3), b"user", sys.argv[1].encode(), 0)  # KEYCTL_SEARCH @s
            print("found" if found >= 0 else "missing")
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, name, newLogin ? "new" : "same"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "the child failed: \(output)")
        return output.contains("found")
    }

    @Test func aValueIsSeenInItsSessionAndNotFromAnotherLogin() throws {
        let name = "nativeauth-test:session:\(UUID().uuidString)"
        defer { KernelKeyring.remove(named: name) }
        #expect(KernelKeyring.keep(Array("secret".utf8), named: name, seconds: 30))
        #expect(KernelKeyring.value(named: name) == Array("secret".utf8))
        #expect(try Self.childFinds(name, newLogin: false), "a process of the same session finds it")
        #expect(try !Self.childFinds(name, newLogin: true), "another login of the same user does not")
        KernelKeyring.remove(named: name)
        #expect(try !Self.childFinds(name, newLogin: false), "removed")
    }
}
#endif
