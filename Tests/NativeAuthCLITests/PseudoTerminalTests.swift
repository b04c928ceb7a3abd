import CLITestSupport
import Foundation
import Testing

extension AtATerminal {
    /// Interactive prompts in a pseudo-terminal, driven by python3's pexpect: the password is not echoed,
    /// `r` at the code prompt resends, and Ctrl-C at the password prompt leaves echo on.
    @Suite
    struct PseudoTerminalTests {
        @Test func passwordIsNotEchoed() async throws {
            let result = try await PseudoTerminal.run(PseudoTerminal.passwordScript)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK password"), "\(result)")
        }

        @Test func resendWorksFromThePrompt() async throws {
            let result = try await PseudoTerminal.run(PseudoTerminal.resendScript)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK resend"), "\(result)")
        }

        @Test func ctrlCAtThePasswordPromptRestoresEcho() async throws {
            let result = try await PseudoTerminal.run(PseudoTerminal.interruptScript)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK interrupt"), "\(result)")
        }

        @Test func sigtermAtThePasswordPromptRestoresEchoAndExits143() async throws {
            let result = try await PseudoTerminal.run(PseudoTerminal.terminateScript)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK terminate"), "\(result)")
        }
    }
}

enum PseudoTerminal {
    static let pexpectAvailable = ChildRun.succeeds(["python3", "-c", "import pexpect"])

    /// Runs a pexpect script with the binary as argv[1] and an isolated state folder.
    static func run(_ script: String) async throws -> CLIResult {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let file = sandbox.stateHome.appendingPathComponent("drive.py")
        try Data((prelude + script).utf8).write(to: file)
        var environment = sandbox.environment
        environment["NATIVEAUTH_CLI_BINARY"] = try CLIBinary.url().path
        return try await ChildRun.run(["python3", file.path], environment: environment)
    }

    static let prelude = #"""
        import os, sys, termios, pexpect
        BIN = os.environ["NATIVEAUTH_CLI_BINARY"]
        def spawn(*args):
            child = pexpect.spawn(BIN, list(args), env=dict(os.environ), encoding="utf-8", timeout=60)
            child.logfile_read = sys.stderr
            return child
        def finish(child):
            child.expect(pexpect.EOF)
            child.close()
            return child.exitstatus, child.before

        """#

    static let passwordScript = #"""
        child = spawn("signin", "--password", "bob@example.com")
        child.expect_exact("Password for bob@example.com: ")
        child.sendline("Passw0rd!")
        status, rest = finish(child)
        assert status == 0, status
        assert "Signed in as bob@example.com" in rest, rest
        assert "Passw0rd!" not in rest, "the password was echoed: " + rest
        print("OK password")

        """#

    static let resendScript = #"""
        child = spawn("signin", "--email", "alice@example.com")
        child.expect(r"code (\d{8})")
        first = child.match.group(1)
        child.expect_exact("Enter code, r to resend, or q to stop: ")
        child.sendline("r")
        child.expect_exact("A new code was sent")
        import re
        codes = re.findall(r"code (\d{8})", child.before)
        child.expect_exact("Enter code, r to resend, or q to stop: ")
        second = codes[-1] if codes else None
        assert second, child.before
        child.sendline(second)
        status, rest = finish(child)
        assert status == 0, (status, rest)
        assert "Signed in as alice@example.com" in rest, rest
        print("OK resend")

        """#

    static let interruptScript = #"""
        child = spawn("signin", "--password", "bob@example.com")
        child.expect_exact("Password for bob@example.com: ")
        attrs = termios.tcgetattr(child.child_fd)
        assert not (attrs[3] & termios.ECHO), "echo should be off at the password prompt"
        child.sendintr()
        child.expect(pexpect.EOF)
        attrs = termios.tcgetattr(child.child_fd)
        assert attrs[3] & termios.ECHO, "echo was not restored after Ctrl-C"
        child.close()
        assert child.signalstatus is None and child.exitstatus == 130, (child.exitstatus, child.signalstatus)
        print("OK interrupt")

        """#

    static let terminateScript = #"""
        import signal
        child = spawn("signin", "--password", "bob@example.com")
        child.expect_exact("Password for bob@example.com: ")
        attrs = termios.tcgetattr(child.child_fd)
        assert not (attrs[3] & termios.ECHO), "echo should be off at the password prompt"
        child.kill(signal.SIGTERM)
        child.expect(pexpect.EOF)
        attrs = termios.tcgetattr(child.child_fd)
        assert attrs[3] & termios.ECHO, "echo was not restored after SIGTERM"
        child.close()
        assert child.signalstatus is None and child.exitstatus == 143, (child.exitstatus, child.signalstatus)
        print("OK terminate")

        """#
}
