import Foundation
import Testing

/// How the binary ends through ArgumentParser's `main()` (`ProcessEnd`): a usage error
/// ArgumentParser finds itself is exit 2 (its own code is 64), a first argument that names no
/// command says the command meant, help and the version go to standard output with exit 0, and a
/// command's own failure keeps its code. In process, the tests see the same through `InProcessMain`.
@Suite(.timeLimit(.minutes(10)))
struct ExitPathTests {
    @Test func usageErrorsAreExit2InTheToolsOwnStyle() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        // An empty --store-dir too: it would write tokens into whatever folder the command runs in.
        for arguments in [["token", "--no-such-flag"], ["signin", "--email", "--password", "a@b.c"], ["signin", "--code"],
                          ["signin", "--store-dir", "", "alice@example.com"]] {
            let result = try await sandbox.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result)")
            #expect(result.stderr.hasPrefix("error: ") && result.stdout.isEmpty, "\(arguments): \(result)")
            #expect(result.stderr.contains("Usage: nativeauth \(arguments[0])"), "\(arguments): \(result)")
        }
        let unknown = try await sandbox.run(["accounts"])
        #expect(unknown.status == 2, "\(unknown)")
        #expect(unknown.stderr.hasPrefix("error: nativeauth has no command 'accounts'. Did you mean `nativeauth status`?"), "\(unknown)")
    }

    @Test("A result that cannot be written to standard output (a full disk) is exit 1 with the reason, never exit 0")
    func aResultThatCannotBeWrittenIsAFailure() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        #expect(try await sandbox.run(["signin", "--password", "bob@example.com"], input: "Passw0rd!\n").status == 0)
        let executable = try CLIBinary.url().path
        for arguments in [["token"], ["token", "--json"], ["status"]] {
            let full = try await ChildRun.run(["/bin/sh", "-c", "exec \"$0\" \"$@\" > /dev/full", executable] + arguments,
                                              environment: sandbox.environment)
            #expect(full.status == 1, "\(arguments): \(full)")
            #expect(full.stderr.contains("error: The result could not be written to standard output: No space left on device."),
                    "\(arguments): \(full)")
        }
    }

    @Test func helpAndTheVersionGoToStandardOutputWithExit0AndACommandsFailureKeepsItsCode() async throws {
        let sandbox = try CLISandbox()
        defer { sandbox.remove() }
        let help = try await sandbox.run(["token", "--help"])
        #expect(help.status == 0 && help.stdout.contains("EXAMPLES:") && help.stderr.isEmpty, "\(help)")
        let version = try await sandbox.run(["--version"])
        #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3 && version.stderr.isEmpty, "\(version)")
        let nobody = try await sandbox.run(["token"])
        #expect(nobody.status == 1 && nobody.stderr.hasPrefix("error: Nobody is signed in"), "\(nobody)")
    }
}
