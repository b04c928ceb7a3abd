import Foundation
import Testing

extension AtATerminal {
    /// Issue 9, item 13: at the hidden password prompt, SIGHUP and SIGQUIT put the terminal back and exit
    /// 129 and 131 (SIGQUIT never reaches the runtime's backtracer, which would wait on the terminal), and
    /// Ctrl-Z puts it back and stops, after which fg hides the input again.
    @Suite
    struct TerminalSignalTests {
        @Test(arguments: [("SIGHUP", 129), ("SIGQUIT", 131)])
        func anEndingSignalAtThePasswordPromptRestoresEcho(signal: String, exitCode: Int) async throws {
            let result = try await PseudoTerminal.run(Self.endingScript(signal: signal, exitCode: exitCode))
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK \(signal)"), "\(result)")
        }

        @Test func ctrlZRestoresEchoAndFgHidesTheInputAgain() async throws {
            let result = try await PseudoTerminal.run(Self.suspendScript)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK suspend"), "\(result)")
        }

        static func endingScript(signal: String, exitCode: Int) -> String {
            #"""
            import signal
            child = spawn("signin", "--password", "bob@example.com")
            child.expect_exact("Password for bob@example.com: ")
            attrs = termios.tcgetattr(child.child_fd)
            assert not (attrs[3] & termios.ECHO), "echo should be off at the password prompt"
            child.kill(signal.\#(signal))
            child.expect(pexpect.EOF, timeout=20)
            attrs = termios.tcgetattr(child.child_fd)
            assert attrs[3] & termios.ECHO, "echo was not restored after \#(signal)"
            child.close()
            assert child.signalstatus is None and child.exitstatus == \#(exitCode), (child.exitstatus, child.signalstatus)
            print("OK \#(signal)")

            """#
        }

        static let suspendScript = #"""
            import signal, time
            child = spawn("signin", "--password", "bob@example.com")
            child.expect_exact("Password for bob@example.com: ")
            assert not (termios.tcgetattr(child.child_fd)[3] & termios.ECHO), "echo should be off at the password prompt"
            child.kill(signal.SIGTSTP)
            pid, status = os.waitpid(child.pid, os.WUNTRACED)
            assert os.WIFSTOPPED(status), "Ctrl-Z did not stop the process: %r" % status
            assert termios.tcgetattr(child.child_fd)[3] & termios.ECHO, "echo was not restored while stopped"
            child.kill(signal.SIGCONT)
            deadline = time.time() + 20
            while termios.tcgetattr(child.child_fd)[3] & termios.ECHO:
                assert time.time() < deadline, "echo was not turned off again after SIGCONT"
                time.sleep(0.05)
            child.sendline("Passw0rd!")
            status, rest = finish(child)
            assert status == 0, (status, rest)
            assert "Signed in as bob@example.com" in rest, rest
            assert "Passw0rd!" not in rest, "the password was echoed after fg: " + rest
            print("OK suspend")

            """#
    }
}
