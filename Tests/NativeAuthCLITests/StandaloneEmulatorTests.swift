import Foundation
import Testing

extension EmulatorProcess {
    /// `nativeauth emulator` in the foreground, and signing in against it with `--authority`.
    @Suite
    struct StandaloneEmulatorTests {
        @Test func signInAgainstAForegroundEmulatorThenStopItWithSIGTERM() async throws {
            let sandbox = try CLISandbox(fixedCode: "55554444")
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("standalone").path
            let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
            let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
            #expect(authority.hasPrefix("http://127.0.0.1:"))

            let signin = try await sandbox.run(["signin", "--authority", authority, "alice@example.com"], input: "55554444\n")
            #expect(signin.status == 0, "\(signin)")
            #expect(!signin.stderr.contains("Using the embedded emulator"), "\(signin)")
            try await emulator.waitForStderr("code 55554444")

            let status = try await sandbox.run(["status", "--json"])
            let account = (status.json?["accounts"] as? [[String: Any]])?.first
            let location = try #require(account?["location"] as? [String: Any], "\(status)")
            #expect(location["kind"] as? String == "authority")
            #expect(location["authority"] as? String == authority)

            let token = try await sandbox.run(["token", "--force-refresh"])
            #expect(token.status == 0, "the stored authority is used without flags: \(token)")

            emulator.terminate()
            let stopped = await emulator.finish()
            #expect(stopped.status == 0, "\(stopped)")
        }

        @Test func theBannerSaysWhereTheStateIsAndResetPutsTheDemoUsersBackWhileItRuns() async throws {
            let sandbox = try CLISandbox(fixedCode: "66665555")
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("standalone").path
            let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
            let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
            let banner = try await emulator.waitForStdout(#"(state: .*)"#)
            #expect(banner.contains(stateDir) && banner.contains("nativeauth emulator reset --state-dir \(stateDir)"), "\(banner)")

            let reset = try await sandbox.run(["reset-password", "--authority", authority, "bob@example.com"], input: "66665555\nN3w-Passw0rd!\n")
            try #require(reset.status == 0, "\(reset)")
            let old = try await sandbox.run(["signin", "--password", "--authority", authority, "bob@example.com"], input: "Passw0rd!\n")
            #expect(old.status == 3, "\(old)")

            let restored = try await sandbox.run(["emulator", "reset", "--state-dir", stateDir])
            #expect(restored.status == 0, "\(restored)")
            #expect(restored.stdout.contains("the demo users are back"), "\(restored)")
            let again = try await sandbox.run(["signin", "--password", "--authority", authority, "bob@example.com"], input: "Passw0rd!\n")
            #expect(again.status == 0, "the running emulator sees the reset: \(again)")

            emulator.terminate()
            #expect(await emulator.finish().status == 0)
        }

        /// The reset the banner suggests keeps the seed file the emulator started with.
        @Test func theBannersResetNamesTheSeedFile() async throws {
            let sandbox = try CLISandbox(fixedCode: "66665555")
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("standalone").path
            let seed = sandbox.stateHome.appendingPathComponent("seed.json")
            try Data(#"{"users":[{"username":"erin@example.com","method":"otp"}]}"#.utf8).write(to: seed)
            let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir, "--seed", seed.path])
            let authority = try await emulator.waitForStdout(#"authority: (\S+)"#)
            let command = try await emulator.waitForStdout(#"`nativeauth (emulator reset [^`]*)`"#)
            #expect(command == "emulator reset --state-dir \(stateDir) --seed \(seed.path)", "\(command)")
            let reset = try await sandbox.run(command.split(separator: " ").map(String.init))
            #expect(reset.status == 0, "\(reset)")
            let signin = try await sandbox.run(["signin", "--authority", authority, "erin@example.com"], input: "66665555\n")
            #expect(signin.status == 0, "the seed file's user is back after the suggested reset: \(signin)")
            emulator.terminate()
            #expect(await emulator.finish().status == 0)
        }

        /// Issue 35, item 23: the start says each thing once (no long log line on standard error
        /// repeating what the lines on standard output say).
        @Test func theStartSaysEachThingOnce() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let stateDir = sandbox.stateHome.appendingPathComponent("standalone").path
            let emulator = try sandbox.start(["emulator", "--port", "0", "--state-dir", stateDir])
            try await emulator.waitForStdout(#"state: "#)
            emulator.terminate()
            let stopped = await emulator.finish()
            #expect(stopped.status == 0, "\(stopped)")
            // Standard output has the start's lines; standard error nothing but the stop.
            #expect(stopped.stdout.hasPrefix("authority: "), "\(stopped)")
            #expect(stopped.stderr.split(separator: "\n") == ["Stopping the emulator…"], "\(stopped)")
        }

        /// A fixed code that is not a code the emulator makes (8 digits) is refused at start, naming
        /// the variable, instead of being sent and asked for as a code of its own length.
        @Test func aFixedCodeThatIsNotACodeIsRefusedAtStart() async throws {
            for code in ["abc", "1234", "123456789", "1234567a"] {
                let sandbox = try CLISandbox(fixedCode: code)
                defer { sandbox.remove() }
                let live = try sandbox.start(["emulator", "--port", "0", "--state-dir", sandbox.stateHome.appendingPathComponent("s").path])
                // An emulator that took the code would serve on: it is stopped rather than waited for.
                let refused = try? await live.waitForStderr("NATIVEAUTH_EMULATOR_FIXED_CODE must be 8 digits")
                if refused == nil { live.terminate() }
                let started = await live.finish()
                #expect(refused != nil && started.status == 1, "\(code): \(started)")
                #expect(started.stderr.contains("'\(code)'"), "\(started)")
            }
        }

        /// Issue 35, item 27: a port already in use is named, with what to do.
        @Test func aPortInUseIsNamed() async throws {
            let sandbox = try CLISandbox()
            defer { sandbox.remove() }
            let first = try sandbox.start(["emulator", "--port", "0", "--state-dir", sandbox.stateHome.appendingPathComponent("one").path])
            let authority = try await first.waitForStdout(#"authority: (\S+)"#)
            let port = try #require(URL(string: authority)?.port, "\(authority)")
            let second = try await sandbox.run(["emulator", "--port", "\(port)", "--state-dir", sandbox.stateHome.appendingPathComponent("two").path])
            #expect(second.status == 1, "\(second)")
            #expect(second.stderr.contains("error: Port \(port) on 127.0.0.1 is already in use"), "\(second)")
            #expect(second.stderr.contains("--port 0"), "\(second)")
            first.terminate()
            #expect(await first.finish().status == 0)
        }
    }
}
