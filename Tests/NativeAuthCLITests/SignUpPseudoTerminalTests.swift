import CLITestSupport
import Foundation
import Testing

extension AtATerminal {
    /// `nativeauth signup` at a pseudo-terminal (python3's pexpect): the new password is hidden and asked
    /// twice, a mismatch asks again, then the required attribute is asked for.
    @Suite
    struct SignUpPseudoTerminalTests {
        @Test func theNewPasswordIsHiddenAskedTwiceAndTheAttributeAfter() async throws {
            // Through V2 the password goes with the start: it is asked for before the code.
            let steps = TestAPI.isV2 ? Self.password + Self.code : Self.code + Self.password
            let result = try await PseudoTerminal.run(Self.start + steps + Self.attribute)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK signup"), "\(result)")
        }

        static let start = #"""
            child = spawn("signup", "--password", "lee@example.com")

            """#

        /// The code the emulator shows, typed at its prompt.
        static let code = #"""
            child.expect(r"code (\d{8})")
            code = child.match.group(1)
            child.expect_exact("Enter code, r to resend, or q to stop: ")
            child.sendline(code)

            """#

        /// The new password: hidden, asked twice, a mismatch asked again.
        static let password = #"""
            child.expect_exact("New password for lee@example.com: ")
            attrs = termios.tcgetattr(child.child_fd)
            assert not (attrs[3] & termios.ECHO), "echo should be off at the password prompt"
            child.sendline("S3cure-Passw0rd")
            child.expect_exact("Repeat the password: ")
            child.sendline("Other-Passw0rd1")
            child.expect_exact("The passwords do not match. Try again.")
            child.expect_exact("New password for lee@example.com: ")
            child.sendline("S3cure-Passw0rd")
            child.expect_exact("Repeat the password: ")
            child.sendline("S3cure-Passw0rd")

            """#

        /// The required attribute, with echo back on, then the end.
        static let attribute = #"""
            child.expect_exact("displayName (required): ")
            attrs = termios.tcgetattr(child.child_fd)
            assert attrs[3] & termios.ECHO, "echo should be back on after the password"
            child.sendline("Lee")
            status, rest = finish(child)
            assert status == 0, (status, rest)
            assert "Signed up and signed in as lee@example.com" in rest, rest
            assert "S3cure-Passw0rd" not in rest, "the password was echoed: " + rest
            print("OK signup")

            """#
    }
}
