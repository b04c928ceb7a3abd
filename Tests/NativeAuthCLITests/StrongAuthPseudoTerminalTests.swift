import Foundation
import Testing

extension AtATerminal {
    /// A second factor and a registration at a pseudo-terminal, driven by python3's pexpect: the method
    /// question, the code read from the emulator's console line, `r` for a new code.
    @Suite
    struct StrongAuthPseudoTerminalTests {
        @Test func mfaWithAResendAtATerminal() async throws {
            let result = try await PseudoTerminal.run(#"""
                import re
                child = spawn("signin", "--password", "mfauser@example.com")
                child.expect_exact("Password for mfauser@example.com: ")
                child.sendline("Passw0rd!")
                child.expect_exact("Method (1-2, or email/sms): ")
                child.sendline("sms")
                child.expect(r"text message to \+1\*+0: code (\d{8})")
                child.expect_exact("Enter code, r to resend, or q to stop: ")
                child.sendline("r")
                child.expect_exact("A new code was sent to +1*********0.")
                codes = re.findall(r"code (\d{8})", child.before)
                assert codes, child.before
                child.expect_exact("Enter code, r to resend, or q to stop: ")
                child.sendline(codes[-1])
                status, rest = finish(child)
                assert status == 0, (status, rest)
                assert "Signed in as mfauser@example.com" in rest, rest
                print("OK mfa")

                """#)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK mfa"), "\(result)")
        }

        @Test func registrationAtATerminal() async throws {
            let result = try await PseudoTerminal.run(#"""
                child = spawn("signin", "--password", "registeruser@example.com")
                child.expect_exact("Password for registeruser@example.com: ")
                child.sendline("Passw0rd!")
                child.expect_exact("Method (1-2, or email/sms): ")
                child.sendline("1")
                child.expect_exact("Email address to register [registeruser@example.com]: ")
                child.sendline("")
                child.expect(r"code (\d{8})")
                code = child.match.group(1)
                child.expect_exact("Enter code, r to resend, or q to stop: ")
                child.sendline(code)
                child.expect_exact("registeruser@example.com is registered as a second factor.")
                status, rest = finish(child)
                assert status == 0, (status, rest)
                assert "Signed in as registeruser@example.com" in rest, rest
                print("OK registration")

                """#)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.contains("OK registration"), "\(result)")
        }
    }
}
