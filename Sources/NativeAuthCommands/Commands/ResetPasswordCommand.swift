#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import NativeAuth

/// `nativeauth reset-password`: resets a forgotten password (a code to the address, then the new
/// password), then signs the user in and stores the account, as `signin` does.
struct ResetPasswordCommand: SigningInCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset-password",
        abstract: "Reset a forgotten password with a code sent to the address, then sign in.",
        discussion: """
            A code is sent to the account's address: type it, r to send a new one, or q to stop. Then \
            the new password is asked for (hidden, and twice at a terminal); when the tenant's password \
            policy refuses it (too short, too weak, the current password, ...), the rule is explained \
            and it is asked for again. While the server completes the reset, a line says so; then the \
            user is signed in and stored. The old password stops working, and sessions signed in \
            before the reset can no longer refresh. When standard input is not a terminal, each prompt \
            reads one line of it (the code, then the new password). An address with no account exits \
            with 3; an account without a password (it signs in with an email code) with 1. With no \
            --tenant, --authority or NATIVEAUTH_* variables, the embedded emulator is used and shows \
            its codes here. --api v2 (or NATIVEAUTH_API=v2) resets through the native-authentication \
            API V2 (preview), with the same prompts and results.

            EXAMPLES:
              nativeauth reset-password bob@example.com
              export NATIVEAUTH_EMULATOR_FIXED_CODE=12345678   # fixed codes, for pipes
              printf '12345678\\nN3w-Passw0rd!\\n' | \\
                nativeauth reset-password bob@example.com
              nativeauth emulator reset    # bob@example.com's password is Passw0rd! again
              # with a real tenant:
              nativeauth reset-password --tenant contoso --client-id ID --json --code - \\
                me@contoso.com < code-and-password.txt
            """)

    @Argument(help: ArgumentHelp("The account's email address; prompted for when absent.", valueName: "ADDRESS"))
    var address: String?

    @Option(name: .long, help: ArgumentHelp("The code, if you already have it (else it is prompted for); `-` reads it from standard input (a value here is visible in the process list).", valueName: "CODE"))
    var code: String?

    @OptionGroup var options: SharedOptions
    @OptionGroup var scope: ScopeOption
    @OptionGroup var api: APIOption
    @OptionGroup var output: JSONOption

    @OptionGroup(title: "Second factor") var strongAuth: StrongAuthOptions

    func validate() throws {
        try CodeFormat.validateOption(code)
    }

    var skeleton: SignInSkeleton {
        // A password reset verifies the address with a code: `oob redirect`, as [CT] recommends.
        SignInSkeleton(options: options, scope: scope, api: api, json: output.json, command: "reset-password", challengeTypes: [.OOB],
                       jsonFlags: ["passwordReset"], sentence: "Password reset; signed in as", address: address)
    }

    func signIn(with context: AppContext, scopes: [String]?) async throws(CLIFailure) -> NativeAuthUserAccountResult {
        let username = try await AddressPrompt.read(given: address, next: context.next, in: context.environment)
        let driver = ResetPasswordFlowDriver(codeSource: CodeFormat.source(of: code), scopes: scopes, choices: strongAuth, context: context)
        return try await driver.run(username: username)
    }
}
