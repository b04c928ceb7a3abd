#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import NativeAuth

/// `nativeauth signin`: signs in with an email one-time code (the default) or email and password.
struct SignInCommand: SigningInCommand {
    static let configuration = CommandConfiguration(
        commandName: "signin",
        abstract: "Sign in with an email one-time code (the default) or email and password.",
        discussion: """
            Prompts go to standard error. At the code prompt, type the code, r to send a new one, or q to \
            stop; a code that is not as many digits as the server said is refused here, without using \
            one of the server's limited attempts. A wrong code or password asks again, until the \
            server's limit ends the sign-in (exit 3). The password is not echoed. When standard input \
            is not a terminal, each prompt reads one line of it instead, so scripts can pipe the code or \
            the password; if it ends before an answer, the exit code is 1. A code given with --code \
            is visible to other users of the machine (in the process list): `--code -` reads it from \
            standard input instead. Ctrl-C (exit 130), SIGTERM (143), SIGHUP (129) and SIGQUIT (131) \
            put the terminal back as it was; Ctrl-Z does too, and fg hides the password again. The \
            token store is checked before anything is sent, so no code is spent on a sign-in that \
            could not be saved. With no --tenant, --authority or \
            NATIVEAUTH_* variables, the embedded emulator is used and shows its codes here.

            --browser signs in on the tenant's web page in your browser ($BROWSER, else xdg-open), with a \
            redirect back to this machine; --device-code prints a code to type on a web page on any \
            device. When a native sign-in is answered "browser required", a terminal is asked whether \
            to continue in the browser; a script gets exit 4 and the command that would.

            When the tenant asks for a second factor, the account's methods are listed (masked) and \
            one is asked for (--mfa-method picks it), then its code (r sends a new one). An account \
            that must first register one is asked for the method and the address or phone number \
            (--register-contact), then the code unless the server already trusts the contact.

            --api v2 (or NATIVEAUTH_API=v2) signs in through the native-authentication API V2, in \
            preview: an authorization challenge, then the links the server returns, each checked to \
            be on the authority before anything is sent. The prompts, exit codes and --json output are \
            those of V1, the default; the embedded emulator serves both. --browser and --device-code \
            use the web sign-in, whatever the API.

            EXAMPLES:
              nativeauth signin --email alice@example.com
              nativeauth signin --browser webuser@example.com
              nativeauth signin --device-code
              nativeauth signin --api v2 --email alice@example.com
              printf 'Passw0rd!\\n' | nativeauth signin --password bob@example.com
              export NATIVEAUTH_EMULATOR_FIXED_CODE=12345678   # fixed codes, for pipes
              printf '12345678\\n' | nativeauth signin --email alice@example.com
              printf 'Passw0rd!\\nsms\\n12345678\\n' | \\
                nativeauth signin --password mfauser@example.com
              # with a real tenant:
              nativeauth signin --tenant contoso \\
                --client-id 00001111-aaaa-2222-bbbb-3333cccc4444 me@contoso.com
              read-code-from-mailbox | \\
                nativeauth signin --tenant contoso --client-id ID me@contoso.com --code -
              nativeauth signin --password mfauser@example.com --claims-challenge \\
                '{"access_token":{"acrs":{"essential":true,"value":"c1"}}}'
            """,
        aliases: ["login"])

    @OptionGroup(title: "Sign-in method") var method: SignInMethodOptions
    var email: Bool { method.email }
    var password: Bool { method.password }
    var browser: Bool { method.browser }
    var deviceCode: Bool { method.deviceCode }

    @Argument(help: ArgumentHelp("The email address; prompted for when absent.", valueName: "ADDRESS"))
    var address: String?

    @Option(name: .long, help: ArgumentHelp(
        "The code, if you already have it (else it is prompted for); - reads it from standard input, "
            + "where other users cannot see it (a code given here is in the process list).", valueName: "CODE"))
    var code: String?

    @OptionGroup var options: SharedOptions
    @OptionGroup var scope: ScopeOption
    @OptionGroup var api: APIOption
    @OptionGroup var output: JSONOption

    @OptionGroup(title: "Second factor") var strongAuth: StrongAuthOptions

    @OptionGroup var claims: ClaimsChallengeOption

    func validate() throws {
        if email && password { throw ValidationError("Give --email or --password, not both.") }
        try WebSignIn.validate(browser: browser, deviceCode: deviceCode, native: email || password || code != nil)
        if password && code != nil { throw ValidationError("--code goes with --email, not --password.") }
        try CodeFormat.validateOption(code)
        if claims.claimsChallenge != nil && (browser || deviceCode) {
            throw ValidationError("--claims-challenge goes with a native sign-in (--email or --password), not --browser or --device-code.")
        }
    }

    var skeleton: SignInSkeleton {
        // A password sign-in also takes codes: a second factor is one, and the MFA challenge sends
        // the app's challenge types unchanged (without `oob`, the server redirects).
        SignInSkeleton(options: options, scope: scope, api: api, json: output.json, command: "signin", challengeTypes: password ? [.OOB, .password] : [.OOB], address: address,
                       passwordFlag: password)
    }

    func signIn(with context: AppContext, scopes: [String]?) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        if browser, let problem = BrowserAvailability.problem(in: context.environment) {
            throw BrowserAvailability.failure(problem, next: context.next)
        }
        if browser || deviceCode {
            let web = WebSignIn(context: context, scopes: scopes, loginHint: address)
            return try await deviceCode ? web.deviceCode() : web.browser()
        }
        let username = try await AddressPrompt.read(given: address, next: context.next, in: context.environment)
        let parameters = NativeAuthSignInParameters(username: username)
        parameters.scopes = scopes
        parameters.claimsRequest = try? claims.claimsRequest()  // checked in validate()
        let flow = SignInFlowDriver(codeSource: CodeFormat.source(of: code), method: password ? .password : .code, choices: strongAuth,
                                    context: context)
        do throws(CLIFailure) {
            return try await flow.run(parameters: parameters)
        } catch where error.exit == .browserRequired {
            return try await BrowserFallbackOffer(username: username)
                .offer(error, web: WebSignIn(context: context, scopes: scopes, loginHint: username))
        }
    }
}
