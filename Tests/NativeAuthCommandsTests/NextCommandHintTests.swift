import CLITestSupport
import Foundation
import Testing

/// The commands the hints print for a person to copy carry the place the printing command ran at
/// (`--authority`, `--client-id`, `--store-dir`, `--api`, …) and its method (`--password`): run as
/// printed, each reaches the same emulator, not the embedded one.
@Suite
struct NextCommandHintTests {
    /// `signin` at a standalone emulator, with the token store in a folder of its own.
    static func place(_ emulator: StandaloneEmulator, _ sandbox: CommandSandbox) -> [String] {
        ["--authority", emulator.authority, "--store-dir", sandbox.stateHome.appendingPathComponent("elsewhere").path]
    }

    @Test func anUnknownAddressSuggestsTheSignUpAtTheSamePlace() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24682468")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let place = Self.place(emulator, sandbox)
        let unknown = try await sandbox.run(["signin"] + place + ["nobody@example.com"])
        #expect(unknown.status == 3, "\(unknown)")
        let printed = try #require(PrintedCommand.words(in: unknown.stderr, after: "create an account: "), "\(unknown)")
        #expect(printed == ["signup"] + place + ["nobody@example.com"], "\(printed)")
        let signedUp = try await sandbox.run(printed + ["--attribute", "displayName=Nobody"], input: "24682468\n")
        #expect(signedUp.status == 0, "\(signedUp)")
        #expect(signedUp.stdout.contains("(\(emulator.authority))"), "\(signedUp)")
        _ = await emulator.stop()
    }

    @Test func aPasswordSignInOfACodeAccountSuggestsTheCodeSignInAtTheSamePlace() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24682468")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let place = Self.place(emulator, sandbox) + ["--api", "v2"]
        let refused = try await sandbox.run(["signin", "--password"] + place + ["alice@example.com"], input: "Passw0rd!\n")
        #expect(refused.status == 1, "\(refused)")
        let printed = try #require(PrintedCommand.words(in: refused.stderr, after: "Sign in with a code: "), "\(refused)")
        #expect(printed == ["signin", "--email"] + place + ["alice@example.com"], "\(printed)")
        let signedIn = try await sandbox.run(printed, input: "24682468\n")
        #expect(signedIn.status == 0, "\(signedIn)")
        #expect(signedIn.stdout.contains("(\(emulator.authority))"), "\(signedIn)")
        _ = await emulator.stop()
    }

    @Test func signingUpAnAddressThatHasAnAccountSuggestsBothSignInsAtTheSamePlace() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let place = Self.place(emulator, sandbox)
        let taken = try await sandbox.run(["signup"] + place + ["bob@example.com"])
        #expect(taken.status == 3, "\(taken)")
        let withPassword = try #require(PrintedCommand.words(in: taken.stderr, after: "with its password: "), "\(taken)")
        #expect(withPassword == ["signin", "--password"] + place + ["bob@example.com"], "\(withPassword)")
        let withCode = try #require(PrintedCommand.words(in: taken.stderr, after: "with an email code: "), "\(taken)")
        #expect(withCode == ["signin"] + place + ["bob@example.com"], "\(withCode)")
        let signedIn = try await sandbox.run(withPassword, input: "Passw0rd!\n")
        #expect(signedIn.status == 0, "\(signedIn)")
        #expect(signedIn.stdout.contains("(\(emulator.authority))"), "\(signedIn)")
        _ = await emulator.stop()
    }

    /// `token` for an account whose session the server ended: the sign-in it prints is at the
    /// account's place, for its address.
    @Test func anEndedSessionSuggestsTheSignInAtTheAccountsPlace() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24682468")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let store = ["--store-dir", sandbox.stateHome.appendingPathComponent("elsewhere").path]
        try #require(try await sandbox.run(["signin", "--authority", emulator.authority] + store + ["alice@example.com"], input: "24682468\n").status == 0)
        try await emulator.admin("POST", "reset", json: "{}")  // the server forgets every refresh token
        let ended = try await sandbox.run(["token", "--force-refresh"] + store)
        #expect(ended.status == 1, "\(ended)")
        let printed = try #require(PrintedCommand.words(in: ended.stderr, after: "\nRun "), "\(ended)")
        #expect(printed.starts(with: ["signin", "--authority", emulator.authority, "--client-id"]), "\(printed)")
        #expect(printed.suffix(3) == store + ["alice@example.com"], "\(printed)")
        let signedIn = try await sandbox.run(printed, input: "24682468\n")
        #expect(signedIn.status == 0, "\(signedIn)")
        #expect(signedIn.stdout.contains("(\(emulator.authority))"), "\(signedIn)")
        _ = await emulator.stop()
    }

    @Test func nobodySignedInAtAPlaceSuggestsTheSignInThere() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let place = ["--authority", "http://127.0.0.1:9/emulator.onmicrosoft.com", "--store-dir", sandbox.stateHome.appendingPathComponent("elsewhere").path]
        let nobody = try await sandbox.run(["token"] + place)
        #expect(nobody.status == 1, "\(nobody)")
        let printed = try #require(PrintedCommand.words(in: nobody.stderr, after: "\nRun "), "\(nobody)")
        #expect(printed == ["signin"] + place, "\(printed)")
    }

    /// Input that ends before the address or a password: the command the hint pipes the answers to
    /// is this one, at its place.
    @Test func inputEndingSuggestsThisCommandAtThisPlace() async throws {
        let sandbox = try CommandSandbox(fixedCode: "24682468")
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let place = Self.place(emulator, sandbox)
        let noAddress = try await sandbox.run(["signin", "--password"] + place)
        #expect(noAddress.status == 1, "\(noAddress)")
        let argument = try #require(PrintedCommand.words(in: noAddress.stderr, after: "Give it as an argument: "), "\(noAddress)")
        #expect(argument == ["signin", "--password"] + place + ["alice@example.com"], "\(argument)")

        let noPassword = try await sandbox.run(["signup", "--password"] + place + ["dora@example.com", "--attribute", "displayName=Dora"],
                                               input: "24682468\n")
        #expect(noPassword.status == 1, "\(noPassword)")
        #expect(noPassword.stderr.contains("one per line: printf '%s\\n%s\\n' \"$CODE\" \"$PASSWORD\" | nativeauth signup"), "\(noPassword)")
        let piped = try #require(PrintedCommand.words(in: noPassword.stderr, after: "\"$PASSWORD\" | "), "\(noPassword)")
        #expect(piped == ["signup", "--password"] + place + ["dora@example.com"], "\(piped)")
        _ = await emulator.stop()
    }

    @Test func tooManyWrongPasswordsSuggestThePasswordSignInAgainAtTheSamePlace() async throws {
        let sandbox = try CommandSandbox()
        defer { sandbox.remove() }
        let emulator = try await StandaloneEmulator.start(in: sandbox)
        let place = Self.place(emulator, sandbox)
        let limited = try await sandbox.run(["signin", "--password"] + place + ["bob@example.com"],
                                            input: String(repeating: "wrong-password\n", count: 5))
        #expect(limited.status == 3, "\(limited)")
        let printed = try #require(PrintedCommand.words(in: limited.stderr, after: "too many wrong passwords."), "\(limited)")
        #expect(printed == ["signin", "--password"] + place + ["bob@example.com"], "\(printed)")
        _ = await emulator.stop()
    }
}
