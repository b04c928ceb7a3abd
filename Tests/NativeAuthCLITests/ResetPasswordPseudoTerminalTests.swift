import Foundation
import Testing

extension AtATerminal {
    /// `nativeauth reset-password` at a pseudo-terminal (python3's pexpect): the new password is hidden
    /// and asked twice, a mismatch and a refusal ask again; afterwards a wrong password at `signin`
    /// points to `nativeauth reset-password`.
    @Suite
    struct ResetPasswordPseudoTerminalTests {
        @Test func theNewPasswordIsHiddenAskedTwiceAndAWrongPasswordLaterPointsToTheReset() async throws {
            let result = try await PseudoTerminal.run(Self.script)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK reset"), "\(result)")
        }

        static let script = #"""
            def new_password(child, password, repeat):
                child.expect_exact("New password for bob@example.com: ")
                attrs = termios.tcgetattr(child.child_fd)
                assert not (attrs[3] & termios.ECHO), "echo should be off at the new-password prompt"
                child.sendline(password)
                child.expect_exact("Repeat the password: ")
                child.sendline(repeat)

            child = spawn("reset-password", "bob@example.com")
            child.expect(r"code (\d{8})")
            code = child.match.group(1)
            child.expect_exact("Enter code, r to resend, or q to stop: ")
            child.sendline(code)
            new_password(child, "N3w-Passw0rd!", "Other-Passw0rd1")
            child.expect_exact("The passwords do not match. Try again.")
            new_password(child, "Passw0rd!", "Passw0rd!")
            child.expect_exact("That password was used recently: choose another.")
            new_password(child, "N3w-Passw0rd!", "N3w-Passw0rd!")
            child.expect_exact("The password was reset.")
            status, rest = finish(child)
            assert status == 0, (status, rest)
            assert "Password reset; signed in as bob@example.com" in rest, rest
            assert "N3w-Passw0rd!" not in rest, "the password was echoed: " + rest

            child = spawn("signin", "--password", "bob@example.com")
            child.expect_exact("Password for bob@example.com: ")
            child.sendline("Passw0rd!")
            child.expect_exact("The password is wrong. Try again, or reset it: nativeauth reset-password bob@example.com")
            child.expect_exact("Password for bob@example.com: ")
            child.sendline("N3w-Passw0rd!")
            status, rest = finish(child)
            assert status == 0, (status, rest)
            assert "Signed in as bob@example.com" in rest, rest
            print("OK reset")

            """#
    }
}
