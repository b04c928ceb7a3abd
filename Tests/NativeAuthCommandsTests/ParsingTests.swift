import ArgumentParser
import Testing
@testable import NativeAuthCommands

/// The command line as swift-argument-parser reads it, without running anything (the style of its
/// own tests: `parseAsRoot` and the parsed command's values).
struct ParsingTests {
    @Test func signinReadsItsMethodAddressCodeAndSharedOptions() throws {
        let parsed = try NativeAuthCommand.parseAsRoot(["signin", "--password", "bob@example.com", "--scope", "api://app/Data.Read", "--json"])
        let signin = try #require(parsed as? SignInCommand)
        #expect(signin.password && !signin.email && !signin.browser && !signin.deviceCode)
        #expect(signin.address == "bob@example.com")
        #expect(signin.scope.scopes == ["api://app/Data.Read"])
        #expect(signin.output.json)
        #expect(signin.code == nil)
    }

    @Test func onlyCommandsThatAlwaysSendLoadTheTransportEarly() {
        for sending in [["signin"], ["signup", "a@b.c"], ["reset-password"], ["call", "https://graph.microsoft.com/v1.0/me"]] {
            #expect(NativeAuthCommand.sendsRequests(sending), "\(sending)")
        }
        for quiet in [[], ["token"], ["status"], ["signout"], ["emulator"], ["--version"], ["signin", "--help"], ["call", "-h"],
                      ["--json", "signin"], ["sign-in"]] {
            #expect(!NativeAuthCommand.sendsRequests(quiet), "\(quiet)")
        }
    }

    @Test func theCodeOptionIsDigitsOrADashForStandardInput() throws {
        let given = try #require(try NativeAuthCommand.parseAsRoot(["signin", "a@b.c", "--code", "12345678"]) as? SignInCommand)
        #expect(CodeFormat.preset(given.code) == "12345678")
        let piped = try #require(try NativeAuthCommand.parseAsRoot(["reset-password", "a@b.c", "--code", "-"]) as? ResetPasswordCommand)
        #expect(CodeFormat.preset(piped.code) == nil)
        #expect(throws: (any Error).self) { try NativeAuthCommand.parseAsRoot(["signin", "a@b.c", "--code", "12ab5678"]) }
    }

    @Test func aUsageErrorIsExit2AndHelpIsExit0() {
        #expect(NativeAuthCommand.exitCode(for: ValidationError("no")).rawValue == ExitCode.validationFailure.rawValue)
        do {
            _ = try NativeAuthCommand.parseAsRoot(["token", "--no-such-flag"])
            Issue.record("an unknown flag parsed")
        } catch {
            #expect(NativeAuthCommand.exitCode(for: error) == .validationFailure)
            #expect(NativeAuthCommand.fullMessage(for: error).contains("--no-such-flag"))
        }
        do {
            // `--help` parses as ArgumentParser's help command, whose run throws the help request.
            var help = try NativeAuthCommand.parseAsRoot(["status", "--help"])
            try help.run()
            Issue.record("--help ran as a command")
        } catch {
            #expect(NativeAuthCommand.exitCode(for: error) == .success)
            #expect(NativeAuthCommand.fullMessage(for: error).contains("EXAMPLES:"))
        }
    }

    @Test func signupCollectsItsAttributesAndRefusesATwiceGivenOne() throws {
        let signup = try #require(try NativeAuthCommand.parseAsRoot(["signup", "carol@example.com", "--attribute", "displayName=Carol"]) as? SignUpCommand)
        #expect(try AttributeOption.collect(signup.attributes).get() == ["displayName": "Carol"])
        #expect(throws: (any Error).self) {
            try NativeAuthCommand.parseAsRoot(["signup", "a@b.c", "--attribute", "x=1", "--attribute", "x=2"])
        }
    }
}
